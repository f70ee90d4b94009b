CREATE TABLE "workspace_invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"email" text NOT NULL,
	"role" text NOT NULL,
	"token_hash" text NOT NULL,
	"invited_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "workspace_members" (
	"workspace_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"role" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "workspace_members_workspace_id_user_id_pk" PRIMARY KEY("workspace_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "workspaces" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"personal_of" uuid,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "workspaces_personal_of_unique" UNIQUE("personal_of")
);
--> statement-breakpoint
ALTER TABLE "campaigns" DROP CONSTRAINT "campaigns_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "connected_ad_accounts" DROP CONSTRAINT "connected_ad_accounts_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "platform_connections" DROP CONSTRAINT "platform_connections_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "sync_state" DROP CONSTRAINT "sync_state_user_id_users_id_fk";
--> statement-breakpoint
DROP INDEX "campaigns_user_idx";--> statement-breakpoint
DROP INDEX "platform_connections_user_idx";--> statement-breakpoint
DROP INDEX "connected_ad_accounts_owner_idx";--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "workspace_id" uuid;--> statement-breakpoint
ALTER TABLE "connected_ad_accounts" ADD COLUMN "workspace_id" uuid;--> statement-breakpoint
ALTER TABLE "oauth_states" ADD COLUMN "workspace_id" uuid;--> statement-breakpoint
ALTER TABLE "platform_connections" ADD COLUMN "workspace_id" uuid;--> statement-breakpoint
ALTER TABLE "sync_state" ADD COLUMN "workspace_id" uuid;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "current_workspace_id" uuid;--> statement-breakpoint
-- Every existing user gets a personal workspace they own; what they owned moves into it, row for row.
INSERT INTO "workspaces" ("name", "personal_of", "created_by", "created_at")
  SELECT left("full_name" || '’s workspace', 80), "id", "id", "created_at" FROM "users";--> statement-breakpoint
INSERT INTO "workspace_members" ("workspace_id", "user_id", "role", "created_at")
  SELECT "id", "personal_of", 'owner', "created_at" FROM "workspaces" WHERE "personal_of" IS NOT NULL;--> statement-breakpoint
UPDATE "users" SET "current_workspace_id" = w."id" FROM "workspaces" w WHERE w."personal_of" = "users"."id";--> statement-breakpoint
UPDATE "campaigns" SET "workspace_id" = w."id" FROM "workspaces" w WHERE w."personal_of" = "campaigns"."user_id";--> statement-breakpoint
UPDATE "connected_ad_accounts" SET "workspace_id" = w."id" FROM "workspaces" w WHERE w."personal_of" = "connected_ad_accounts"."user_id";--> statement-breakpoint
UPDATE "oauth_states" SET "workspace_id" = w."id" FROM "workspaces" w WHERE w."personal_of" = "oauth_states"."user_id";--> statement-breakpoint
UPDATE "platform_connections" SET "workspace_id" = w."id" FROM "workspaces" w WHERE w."personal_of" = "platform_connections"."user_id";--> statement-breakpoint
UPDATE "sync_state" SET "workspace_id" = w."id" FROM "workspaces" w WHERE w."personal_of" = "sync_state"."user_id";--> statement-breakpoint
ALTER TABLE "campaigns" ALTER COLUMN "workspace_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "connected_ad_accounts" ALTER COLUMN "workspace_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "oauth_states" ALTER COLUMN "workspace_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "platform_connections" ALTER COLUMN "workspace_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "sync_state" ALTER COLUMN "workspace_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "workspace_invitations" ADD CONSTRAINT "workspace_invitations_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspace_invitations" ADD CONSTRAINT "workspace_invitations_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspace_members" ADD CONSTRAINT "workspace_members_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspace_members" ADD CONSTRAINT "workspace_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspaces" ADD CONSTRAINT "workspaces_personal_of_users_id_fk" FOREIGN KEY ("personal_of") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspaces" ADD CONSTRAINT "workspaces_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "workspace_invitations_token_idx" ON "workspace_invitations" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "workspace_invitations_pending_idx" ON "workspace_invitations" USING btree ("workspace_id","email") WHERE accepted_at is null and revoked_at is null;--> statement-breakpoint
CREATE INDEX "workspace_members_user_idx" ON "workspace_members" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "connected_ad_accounts" ADD CONSTRAINT "connected_ad_accounts_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oauth_states" ADD CONSTRAINT "oauth_states_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "platform_connections" ADD CONSTRAINT "platform_connections_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sync_state" ADD CONSTRAINT "sync_state_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_current_workspace_id_workspaces_id_fk" FOREIGN KEY ("current_workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "campaigns_workspace_idx" ON "campaigns" USING btree ("workspace_id");--> statement-breakpoint
CREATE INDEX "platform_connections_workspace_idx" ON "platform_connections" USING btree ("workspace_id");--> statement-breakpoint
CREATE UNIQUE INDEX "connected_ad_accounts_owner_idx" ON "connected_ad_accounts" USING btree ("workspace_id","platform","account_id");--> statement-breakpoint
ALTER TABLE "campaigns" DROP COLUMN "user_id";--> statement-breakpoint
ALTER TABLE "connected_ad_accounts" DROP COLUMN "user_id";--> statement-breakpoint
ALTER TABLE "platform_connections" DROP COLUMN "user_id";--> statement-breakpoint
ALTER TABLE "sync_state" DROP COLUMN "user_id";