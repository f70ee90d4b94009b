CREATE TABLE "optimizer_plans" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"account_ref" uuid NOT NULL,
	"objective" text NOT NULL,
	"max_step" double precision NOT NULL,
	"locked" jsonb NOT NULL,
	"campaigns" jsonb NOT NULL,
	"steps" jsonb NOT NULL,
	"status" text NOT NULL,
	"stop_reason" text,
	"created_by" uuid,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "budgets" ADD COLUMN "campaign_caps" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "optimizer_plans" ADD CONSTRAINT "optimizer_plans_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "optimizer_plans" ADD CONSTRAINT "optimizer_plans_account_ref_connected_ad_accounts_id_fk" FOREIGN KEY ("account_ref") REFERENCES "public"."connected_ad_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "optimizer_plans" ADD CONSTRAINT "optimizer_plans_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "optimizer_plans_account_idx" ON "optimizer_plans" USING btree ("account_ref","status");