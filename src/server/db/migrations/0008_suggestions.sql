CREATE TABLE "actions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"account_ref" uuid NOT NULL,
	"suggestion_id" uuid,
	"platform" text NOT NULL,
	"type" text NOT NULL,
	"headline" text NOT NULL,
	"change" jsonb NOT NULL,
	"campaign_id" text,
	"forecast" jsonb NOT NULL,
	"applied_by" uuid,
	"applied_at" timestamp with time zone NOT NULL,
	"undo_until" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'applied' NOT NULL,
	"undone_at" timestamp with time zone,
	"undone_by" uuid,
	"horizon_days" integer NOT NULL,
	"outcome" jsonb,
	"measured_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "conversion_observations" (
	"account_ref" uuid NOT NULL,
	"day" date NOT NULL,
	"age" integer NOT NULL,
	"conversions" double precision NOT NULL,
	CONSTRAINT "conversion_observations_account_ref_day_age_pk" PRIMARY KEY("account_ref","day","age")
);
--> statement-breakpoint
CREATE TABLE "suggestion_runs" (
	"account_ref" uuid PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"computed_at" timestamp with time zone NOT NULL,
	"learning" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "suggestions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"account_ref" uuid NOT NULL,
	"platform" text NOT NULL,
	"type" text NOT NULL,
	"key" text NOT NULL,
	"headline" text NOT NULL,
	"confidence" double precision NOT NULL,
	"body" jsonb NOT NULL,
	"score" double precision NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"dismiss_reason" text,
	"dismiss_note" text,
	"snoozed_until" timestamp with time zone,
	"computed_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ads" ADD COLUMN "status" text DEFAULT 'ACTIVE' NOT NULL;--> statement-breakpoint
ALTER TABLE "actions" ADD CONSTRAINT "actions_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "actions" ADD CONSTRAINT "actions_account_ref_connected_ad_accounts_id_fk" FOREIGN KEY ("account_ref") REFERENCES "public"."connected_ad_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "actions" ADD CONSTRAINT "actions_suggestion_id_suggestions_id_fk" FOREIGN KEY ("suggestion_id") REFERENCES "public"."suggestions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "actions" ADD CONSTRAINT "actions_applied_by_users_id_fk" FOREIGN KEY ("applied_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "actions" ADD CONSTRAINT "actions_undone_by_users_id_fk" FOREIGN KEY ("undone_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversion_observations" ADD CONSTRAINT "conversion_observations_account_ref_connected_ad_accounts_id_fk" FOREIGN KEY ("account_ref") REFERENCES "public"."connected_ad_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "suggestion_runs" ADD CONSTRAINT "suggestion_runs_account_ref_connected_ad_accounts_id_fk" FOREIGN KEY ("account_ref") REFERENCES "public"."connected_ad_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "suggestion_runs" ADD CONSTRAINT "suggestion_runs_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "suggestions" ADD CONSTRAINT "suggestions_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "suggestions" ADD CONSTRAINT "suggestions_account_ref_connected_ad_accounts_id_fk" FOREIGN KEY ("account_ref") REFERENCES "public"."connected_ad_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "actions_workspace_applied_idx" ON "actions" USING btree ("workspace_id","applied_at");--> statement-breakpoint
CREATE UNIQUE INDEX "suggestions_account_key_idx" ON "suggestions" USING btree ("account_ref","key");--> statement-breakpoint
CREATE INDEX "suggestions_workspace_status_idx" ON "suggestions" USING btree ("workspace_id","status");