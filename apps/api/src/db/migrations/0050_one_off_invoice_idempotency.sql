-- Idempotency-Key on one-off invoices (raised again after its answer was lost, it is the same invoice): the key,
-- unique per merchant while set, and a hash of the lines it came with (the same key with other lines is refused).
ALTER TABLE "invoices" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "request_hash" text;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_merchant_idempotency_unique" ON "invoices" USING btree ("merchant_id","idempotency_key") WHERE "invoices"."idempotency_key" is not null;