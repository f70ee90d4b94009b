ALTER TABLE "budgets" ADD COLUMN "band_start" double precision DEFAULT 0.25 NOT NULL;--> statement-breakpoint
ALTER TABLE "budgets" ADD COLUMN "band_end" double precision DEFAULT 0.01 NOT NULL;