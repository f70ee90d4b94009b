ALTER TABLE "alerts" ALTER COLUMN "account_ref" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "alerts" ALTER COLUMN "platform" DROP NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "alerts_workspace_key_unattached_idx" ON "alerts" USING btree ("workspace_id","key") WHERE "alerts"."account_ref" is null;