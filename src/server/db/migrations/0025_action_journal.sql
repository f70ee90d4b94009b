ALTER TABLE "actions" ADD COLUMN "source" text DEFAULT 'suggestion' NOT NULL;--> statement-breakpoint
ALTER TABLE "actions" ADD COLUMN "plan_id" uuid;--> statement-breakpoint
ALTER TABLE "actions" ADD COLUMN "steps" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "actions" ADD COLUMN "heartbeat_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "actions" ADD COLUMN "settled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "actions" ADD COLUMN "problem" text;--> statement-breakpoint
ALTER TABLE "actions" ADD COLUMN "note" text;--> statement-breakpoint
ALTER TABLE "actions" ADD CONSTRAINT "actions_plan_id_optimizer_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."optimizer_plans"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "actions_unsettled_idx" ON "actions" USING btree ("heartbeat_at") WHERE "actions"."status" in ('applying', 'undoing');--> statement-breakpoint
UPDATE "actions" SET "source" = CASE WHEN "rule_id" IS NOT NULL OR "type" = 'rule' THEN 'rule' WHEN "type" = 'optimizer' THEN 'optimizer' ELSE 'suggestion' END, "settled_at" = "applied_at";
