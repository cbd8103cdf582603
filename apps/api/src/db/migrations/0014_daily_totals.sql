CREATE TABLE "transaction_daily_totals" (
	"merchant_id" uuid NOT NULL,
	"site_id" uuid NOT NULL,
	"day" date NOT NULL,
	"currency" char(3) NOT NULL,
	"status" text NOT NULL,
	"count" bigint NOT NULL,
	"amount" bigint NOT NULL,
	"tip_amount" bigint NOT NULL,
	CONSTRAINT "transaction_daily_totals_pk" PRIMARY KEY("merchant_id","day","site_id","currency","status")
);
--> statement-breakpoint
ALTER TABLE "transaction_daily_totals" ADD CONSTRAINT "transaction_daily_totals_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;