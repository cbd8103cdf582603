CREATE TABLE "psp_notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"psp" text NOT NULL,
	"merchant_id" uuid,
	"transaction_id" uuid,
	"psp_reference" text NOT NULL,
	"original_reference" text,
	"payment_reference" text NOT NULL,
	"event_code" text NOT NULL,
	"success" boolean NOT NULL,
	"merchant_account_code" text NOT NULL,
	"merchant_reference" text,
	"amount" bigint NOT NULL,
	"currency" char(3) NOT NULL,
	"event_date" timestamp with time zone NOT NULL,
	"reason" text,
	"payment_method" text,
	"additional_data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"applied_at" timestamp with time zone,
	"outcome" text
);
--> statement-breakpoint
ALTER TABLE "psp_notifications" ADD CONSTRAINT "psp_notifications_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "psp_notifications_dedupe_unique" ON "psp_notifications" USING btree ("psp","psp_reference","event_code","success");--> statement-breakpoint
CREATE INDEX "psp_notifications_payment_idx" ON "psp_notifications" USING btree ("psp","payment_reference");--> statement-breakpoint
CREATE INDEX "psp_notifications_merchant_transaction_idx" ON "psp_notifications" USING btree ("merchant_id","transaction_id") WHERE "psp_notifications"."transaction_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_psp_reference_unique" ON "refunds" USING btree ("psp_reference") WHERE "refunds"."psp_reference" is not null;