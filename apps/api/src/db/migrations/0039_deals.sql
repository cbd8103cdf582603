CREATE TABLE "deals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reference" text NOT NULL,
	"name" text NOT NULL,
	"currency" char(3) NOT NULL,
	"domestic_percent" numeric(6, 4) NOT NULL,
	"eea_percent" numeric(6, 4) NOT NULL,
	"global_percent" numeric(6, 4) NOT NULL,
	"amex_percent" numeric(6, 4) NOT NULL,
	"other_percent" numeric(6, 4) NOT NULL,
	"tap_to_pay_percent" numeric(6, 4) NOT NULL,
	"fixed_fee" bigint DEFAULT 0 NOT NULL,
	"device_rental_monthly" bigint NOT NULL,
	"settlement_type" text DEFAULT 'net' NOT NULL,
	"contract_months" integer,
	"adjustments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"valid_until" date NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"created_by" uuid NOT NULL,
	"updated_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "deals_status_check" CHECK ("deals"."status" in ('active', 'withdrawn')),
	CONSTRAINT "deals_settlement_type_check" CHECK ("deals"."settlement_type" in ('net', 'gross')),
	CONSTRAINT "deals_reference_check" CHECK ("deals"."reference" ~ '^DL-[A-Z0-9]{5}$')
);
--> statement-breakpoint
CREATE UNIQUE INDEX "deals_reference_unique" ON "deals" USING btree ("reference");--> statement-breakpoint
CREATE INDEX "deals_created_at_idx" ON "deals" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
-- Not a tenant table (a deal exists before its merchant, decision 0079): staff list, create, withdraw and extend
-- deals through the request path (app_user); onboarding and "associate" read one to copy it. Never deleted.
GRANT SELECT, INSERT, UPDATE ON deals TO app_user;
