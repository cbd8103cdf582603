CREATE TABLE "device_assign_attempts" (
	"merchant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"succeeded" boolean NOT NULL,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "device_assign_attempts_pk" PRIMARY KEY("merchant_id","id")
);
--> statement-breakpoint
CREATE TABLE "device_order_lines" (
	"merchant_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"model" text NOT NULL,
	"quantity" integer NOT NULL,
	"unit_amount" bigint NOT NULL,
	"currency" char(3) NOT NULL,
	"billing" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "device_order_lines_pk" PRIMARY KEY("merchant_id","id"),
	CONSTRAINT "device_order_lines_kind_check" CHECK ("device_order_lines"."kind" in ('device', 'dock')),
	CONSTRAINT "device_order_lines_model_check" CHECK ("device_order_lines"."model" in ('with-printer', 'without-printer')),
	CONSTRAINT "device_order_lines_billing_check" CHECK ("device_order_lines"."billing" in ('monthly', 'outright')),
	CONSTRAINT "device_order_lines_quantity_check" CHECK ("device_order_lines"."quantity" between 1 and 50),
	CONSTRAINT "device_order_lines_amount_check" CHECK ("device_order_lines"."unit_amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "device_orders" (
	"merchant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"site_id" uuid,
	"state" text DEFAULT 'placed' NOT NULL,
	"contact_name" text NOT NULL,
	"contact_phone" text NOT NULL,
	"delivery_address" jsonb NOT NULL,
	"first_delivery_date" date NOT NULL,
	"currency" char(3) NOT NULL,
	"monthly_total" bigint NOT NULL,
	"outright_total" bigint NOT NULL,
	"terms_agreed_at" timestamp with time zone NOT NULL,
	"ordered_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "device_orders_pk" PRIMARY KEY("merchant_id","id"),
	CONSTRAINT "device_orders_state_check" CHECK ("device_orders"."state" in ('placed', 'dispatched', 'delivered', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "terminal_stock" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"serial" text NOT NULL,
	"model" text NOT NULL,
	"firmware_version" text,
	"code_hash" text,
	"code_expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "terminal_stock_model_check" CHECK ("terminal_stock"."model" in ('with-printer', 'without-printer'))
);
--> statement-breakpoint
ALTER TABLE "device_assign_attempts" ADD CONSTRAINT "device_assign_attempts_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_order_lines" ADD CONSTRAINT "device_order_lines_order_fk" FOREIGN KEY ("merchant_id","order_id") REFERENCES "public"."device_orders"("merchant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_orders" ADD CONSTRAINT "device_orders_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "device_assign_attempts_merchant_at_idx" ON "device_assign_attempts" USING btree ("merchant_id","at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "device_orders_id_unique" ON "device_orders" USING btree ("id");--> statement-breakpoint
CREATE INDEX "device_orders_merchant_created_idx" ON "device_orders" USING btree ("merchant_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "terminal_stock_serial_unique" ON "terminal_stock" USING btree ("serial");--> statement-breakpoint
CREATE UNIQUE INDEX "terminal_stock_code_hash_unique" ON "terminal_stock" USING btree ("code_hash");