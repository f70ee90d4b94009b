CREATE TABLE "alert_webhooks" (
	"workspace_id" uuid PRIMARY KEY NOT NULL,
	"url" text NOT NULL,
	"secret_sealed" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"last_delivery_at" timestamp with time zone,
	"last_status" integer,
	"last_error" text
);
--> statement-breakpoint
ALTER TABLE "alert_webhooks" ADD CONSTRAINT "alert_webhooks_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;