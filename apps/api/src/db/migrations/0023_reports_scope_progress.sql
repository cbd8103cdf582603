ALTER TABLE "reports" ADD COLUMN "site_ids" uuid[];--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "progress" integer DEFAULT 0 NOT NULL;