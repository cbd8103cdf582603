ALTER TABLE "eod_reports" ADD COLUMN "origin" text DEFAULT 'scheduled' NOT NULL;--> statement-breakpoint
ALTER TABLE "eod_reports" ADD COLUMN "window_start" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "eod_reports" ADD COLUMN "window_end" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "eod_reports" ADD COLUMN "error" text;--> statement-breakpoint
ALTER TABLE "eod_reports" ADD COLUMN "generated_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "eod_reports_merchant_date_idx" ON "eod_reports" USING btree ("merchant_id","business_date" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "eod_reports_site_day_unique" ON "eod_reports" USING btree ("merchant_id","site_id","business_date");--> statement-breakpoint
ALTER TABLE "eod_reports" ADD CONSTRAINT "eod_reports_origin_check" CHECK ("eod_reports"."origin" in ('scheduled', 'requested'));