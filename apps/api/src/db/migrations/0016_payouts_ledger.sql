CREATE TABLE "payout_days" (
	"merchant_id" uuid NOT NULL,
	"site_id" uuid NOT NULL,
	"trading_day" date NOT NULL,
	"payout_id" uuid,
	"currency" char(3) NOT NULL,
	"settlement_type" text NOT NULL,
	"gross_amount" bigint DEFAULT 0 NOT NULL,
	"refunds_amount" bigint DEFAULT 0 NOT NULL,
	"fees_amount" bigint DEFAULT 0 NOT NULL,
	"net_amount" bigint DEFAULT 0 NOT NULL,
	"transaction_count" integer DEFAULT 0 NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"window_end" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payout_days_pk" PRIMARY KEY("merchant_id","site_id","trading_day")
);
--> statement-breakpoint
-- Entries written before trading days and source keys existed get their UTC date and their own id.
ALTER TABLE "ledger_entries" ADD COLUMN "trading_day" date;--> statement-breakpoint
UPDATE "ledger_entries" SET "trading_day" = ("occurred_at" AT TIME ZONE 'UTC')::date;--> statement-breakpoint
ALTER TABLE "ledger_entries" ALTER COLUMN "trading_day" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD COLUMN "source_key" text;--> statement-breakpoint
UPDATE "ledger_entries" SET "source_key" = "type" || ':' || "id"::text;--> statement-breakpoint
ALTER TABLE "ledger_entries" ALTER COLUMN "source_key" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD COLUMN "invoiced" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "expected_arrival" date;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "retry_on" date;--> statement-breakpoint
ALTER TABLE "payout_days" ADD CONSTRAINT "payout_days_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_days" ADD CONSTRAINT "payout_days_site_fk" FOREIGN KEY ("merchant_id","site_id") REFERENCES "public"."sites"("merchant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payout_days_payout_idx" ON "payout_days" USING btree ("merchant_id","payout_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_source_unique" ON "ledger_entries" USING btree ("merchant_id","source_key");--> statement-breakpoint
CREATE INDEX "ledger_entries_site_day_idx" ON "ledger_entries" USING btree ("merchant_id","site_id","trading_day");--> statement-breakpoint
CREATE INDEX "ledger_entries_unsettled_idx" ON "ledger_entries" USING btree ("merchant_id","site_id","trading_day") WHERE "ledger_entries"."payout_id" is null and not "ledger_entries"."invoiced";--> statement-breakpoint
CREATE UNIQUE INDEX "payouts_site_day_unique" ON "payouts" USING btree ("merchant_id","site_id","payout_date");--> statement-breakpoint
-- Row-level security like every tenant table (docs/decisions/0030).
SELECT app_tenant_table('public.payout_days'::regclass);
