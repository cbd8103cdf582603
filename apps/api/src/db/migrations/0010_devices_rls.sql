-- Issue 10: the new tenant tables under row-level security like the others (docs/decisions/0030).
SELECT app_tenant_table('device_orders');
--> statement-breakpoint
SELECT app_tenant_table('device_order_lines');
--> statement-breakpoint
SELECT app_tenant_table('device_assign_attempts');
--> statement-breakpoint
-- terminal_stock is the provider's own stock, no merchant's: a request claims a terminal by its code (select
-- by code hash, then delete it as it moves into devices); the stock itself is written by the owning role.
GRANT SELECT, UPDATE, DELETE ON terminal_stock TO app_user;
