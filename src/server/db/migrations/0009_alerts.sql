CREATE TABLE "alert_reads" (
	"alert_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"read_at" timestamp with time zone NOT NULL,
	CONSTRAINT "alert_reads_alert_id_user_id_pk" PRIMARY KEY("alert_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "alerts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"account_ref" uuid NOT NULL,
	"platform" text NOT NULL,
	"key" text NOT NULL,
	"kind" text NOT NULL,
	"severity" text NOT NULL,
	"metric" text,
	"direction" text,
	"level" text NOT NULL,
	"entity_id" text NOT NULL,
	"entity_name" text NOT NULL,
	"day" date NOT NULL,
	"headline" text NOT NULL,
	"observed" double precision,
	"expected" double precision,
	"low" double precision,
	"high" double precision,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "alert_reads" ADD CONSTRAINT "alert_reads_alert_id_alerts_id_fk" FOREIGN KEY ("alert_id") REFERENCES "public"."alerts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_reads" ADD CONSTRAINT "alert_reads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_account_ref_connected_ad_accounts_id_fk" FOREIGN KEY ("account_ref") REFERENCES "public"."connected_ad_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "alerts_account_key_idx" ON "alerts" USING btree ("account_ref","key");--> statement-breakpoint
CREATE INDEX "alerts_workspace_created_idx" ON "alerts" USING btree ("workspace_id","created_at");