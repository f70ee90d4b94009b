CREATE TABLE "creative_analyses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone NOT NULL,
	"kind" text NOT NULL,
	"placement" text NOT NULL,
	"input" jsonb NOT NULL,
	"result" jsonb NOT NULL,
	"thumbnail" "bytea",
	"previous_id" uuid,
	"title" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "creative_shares" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"analysis_id" uuid NOT NULL,
	"workspace_id" uuid NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "creative_analyses" ADD CONSTRAINT "creative_analyses_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "creative_analyses" ADD CONSTRAINT "creative_analyses_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "creative_analyses" ADD CONSTRAINT "creative_analyses_previous_id_creative_analyses_id_fk" FOREIGN KEY ("previous_id") REFERENCES "public"."creative_analyses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "creative_shares" ADD CONSTRAINT "creative_shares_analysis_id_creative_analyses_id_fk" FOREIGN KEY ("analysis_id") REFERENCES "public"."creative_analyses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "creative_shares" ADD CONSTRAINT "creative_shares_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "creative_shares" ADD CONSTRAINT "creative_shares_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "creative_analyses_workspace_created_idx" ON "creative_analyses" USING btree ("workspace_id","created_at","id");--> statement-breakpoint
CREATE INDEX "creative_shares_analysis_idx" ON "creative_shares" USING btree ("analysis_id");