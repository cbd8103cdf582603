ALTER TABLE "invoices" ADD COLUMN "payment_status" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "payment_processing_since" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "invoices_payment_processing_idx" ON "invoices" USING btree ("payment_processing_since") WHERE "invoices"."payment_status" = 'processing';--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_payment_status_check" CHECK ("invoices"."payment_status" in ('processing', 'succeeded', 'failed'));