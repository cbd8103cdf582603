CREATE TABLE "capital_requests" (
	"merchant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"status" text DEFAULT 'requested' NOT NULL,
	"currency" char(3) NOT NULL,
	"amount" bigint NOT NULL,
	"fee" bigint NOT NULL,
	"repayment_basis_points" integer NOT NULL,
	"volume_90_days" bigint NOT NULL,
	"requested_by" uuid NOT NULL,
	"requested_by_email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "capital_requests_pk" PRIMARY KEY("merchant_id","id"),
	CONSTRAINT "capital_requests_status_check" CHECK ("capital_requests"."status" in ('requested', 'approved', 'declined')),
	CONSTRAINT "capital_requests_amount_check" CHECK ("capital_requests"."amount" > 0 and "capital_requests"."fee" >= 0)
);
--> statement-breakpoint
ALTER TABLE "capital_requests" ADD CONSTRAINT "capital_requests_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "capital_requests_merchant_created_idx" ON "capital_requests" USING btree ("merchant_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "capital_requests_one_open" ON "capital_requests" USING btree ("merchant_id") WHERE "capital_requests"."status" = 'requested';--> statement-breakpoint
-- A tenant table like the others (decision 0030): app_user sees and writes only the current merchant's requests.
SELECT app_tenant_table('public.capital_requests'::regclass);
