ALTER TABLE "invoices" ADD COLUMN "country" char(2);--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "tax_percent" numeric(5, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "settled_from_payouts" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "collection_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "payment_method_id" uuid;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "failure_reason" text;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_merchant_period_type_unique" ON "invoices" USING btree ("merchant_id","period_start","display_type");