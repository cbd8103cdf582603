-- Idempotency-Key on device orders (an order repeated after its answer was lost is the same order): the key, unique
-- per merchant while set, and a hash of the order it came with (the same key with another order is refused).
ALTER TABLE "device_orders" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
ALTER TABLE "device_orders" ADD COLUMN "request_hash" text;--> statement-breakpoint
CREATE UNIQUE INDEX "device_orders_merchant_idempotency_unique" ON "device_orders" USING btree ("merchant_id","idempotency_key") WHERE "device_orders"."idempotency_key" is not null;