CREATE TABLE "creative_workspace_models" (
	"workspace_id" uuid PRIMARY KEY NOT NULL,
	"fitted_at" timestamp with time zone NOT NULL,
	"state" text NOT NULL,
	"ads" integer NOT NULL,
	"campaigns" integer NOT NULL,
	"weights" jsonb,
	"evaluation" jsonb,
	"applied" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
ALTER TABLE "creative_workspace_models" ADD CONSTRAINT "creative_workspace_models_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;