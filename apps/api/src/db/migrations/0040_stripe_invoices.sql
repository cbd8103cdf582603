ALTER TABLE "invoices" ADD COLUMN "source_invoice_id" uuid;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "hosted_invoice_url" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "invoice_pdf_url" text;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_stripe_source_unique" ON "invoices" USING btree ("merchant_id","source_invoice_id") WHERE "invoices"."display_type" = 'stripe_invoice';