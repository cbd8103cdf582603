CREATE TABLE "merchant_memberships" (
	"merchant_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"company_roles" text[] DEFAULT '{}'::text[] NOT NULL,
	"invited_by" uuid,
	"invited_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "merchant_memberships_pk" PRIMARY KEY("merchant_id","user_id"),
	CONSTRAINT "merchant_memberships_roles_check" CHECK ("merchant_memberships"."company_roles" <@ array['CompanyOwner', 'SiteManager']::text[])
);
--> statement-breakpoint
CREATE TABLE "site_role_grants" (
	"merchant_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"site_id" text NOT NULL,
	"role" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "site_role_grants_pk" PRIMARY KEY("merchant_id","user_id","site_id","role"),
	CONSTRAINT "site_role_grants_role_check" CHECK ("site_role_grants"."role" in ('CompanyOwner', 'SiteManager')),
	CONSTRAINT "site_role_grants_site_check" CHECK ("site_role_grants"."site_id" = '*' or "site_role_grants"."site_id" ~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$')
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_id" uuid,
	"actor_user_id" uuid,
	"actor_email" text,
	"acting_as" text NOT NULL,
	"action" text NOT NULL,
	"entity_type" text,
	"entity_id" text,
	"before" jsonb,
	"after" jsonb,
	"ip" text,
	"user_agent" text,
	"request_id" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "billing_adjustments" (
	"merchant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"description" text NOT NULL,
	"amount" bigint,
	"percent" numeric(6, 4),
	"currency" char(3) NOT NULL,
	"duration_months" integer,
	"fee_destination" text,
	"starts_on" date NOT NULL,
	"ends_on" date,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "billing_adjustments_pk" PRIMARY KEY("merchant_id","id"),
	CONSTRAINT "billing_adjustments_kind_check" CHECK ("billing_adjustments"."kind" in ('discount', 'monthly-fee', 'credit')),
	CONSTRAINT "billing_adjustments_amount_check" CHECK ("billing_adjustments"."amount" is null or "billing_adjustments"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "billing_settings" (
	"merchant_id" uuid PRIMARY KEY NOT NULL,
	"billing_email" text,
	"default_payment_method_id" uuid,
	"has_signed_rates" boolean DEFAULT false NOT NULL,
	"rates_sign_url" text,
	"rates_signed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"merchant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"number" text NOT NULL,
	"status" text NOT NULL,
	"display_type" text NOT NULL,
	"period_start" date NOT NULL,
	"period_end" date NOT NULL,
	"subtotal" bigint NOT NULL,
	"tax" bigint DEFAULT 0 NOT NULL,
	"total" bigint NOT NULL,
	"amount_paid" bigint DEFAULT 0 NOT NULL,
	"currency" char(3) NOT NULL,
	"lines" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"provider_invoice_id" text,
	"file_path" text,
	"issued_at" timestamp with time zone,
	"due_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoices_pk" PRIMARY KEY("merchant_id","id"),
	CONSTRAINT "invoices_status_check" CHECK ("invoices"."status" in ('upcoming', 'open', 'paid', 'overdue', 'void')),
	CONSTRAINT "invoices_display_type_check" CHECK ("invoices"."display_type" in ('billing_summary', 'stripe_invoice', 'yeti_invoice', 'per_site_breakdown_csv'))
);
--> statement-breakpoint
CREATE TABLE "payment_methods" (
	"merchant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"provider_payment_method_id" text NOT NULL,
	"type" text NOT NULL,
	"brand" text,
	"last_four" char(4),
	"exp_month" smallint,
	"exp_year" smallint,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_methods_pk" PRIMARY KEY("merchant_id","id"),
	CONSTRAINT "payment_methods_type_check" CHECK ("payment_methods"."type" in ('card', 'sepa_debit', 'bacs_debit'))
);
--> statement-breakpoint
CREATE TABLE "rates" (
	"merchant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"domestic_percent" numeric(6, 4) NOT NULL,
	"eea_percent" numeric(6, 4) NOT NULL,
	"global_percent" numeric(6, 4) NOT NULL,
	"amex_percent" numeric(6, 4) NOT NULL,
	"other_percent" numeric(6, 4) NOT NULL,
	"tap_to_pay_percent" numeric(6, 4) NOT NULL,
	"fixed_fee" bigint DEFAULT 0 NOT NULL,
	"device_rental_monthly" bigint DEFAULT 0 NOT NULL,
	"currency" char(3) NOT NULL,
	"settlement_type" text DEFAULT 'net' NOT NULL,
	"contract_end_date" date,
	"backfill" boolean DEFAULT false NOT NULL,
	"deal_reference" text,
	"effective_from" date NOT NULL,
	"effective_to" date,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rates_pk" PRIMARY KEY("merchant_id","id"),
	CONSTRAINT "rates_settlement_type_check" CHECK ("rates"."settlement_type" in ('net', 'gross'))
);
--> statement-breakpoint
CREATE TABLE "devices" (
	"merchant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"site_id" uuid,
	"serial" text NOT NULL,
	"label" text,
	"model" text NOT NULL,
	"firmware_version" text,
	"status" text DEFAULT 'active' NOT NULL,
	"last_transaction_at" timestamp with time zone,
	"last_activity_at" timestamp with time zone,
	"assigned_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "devices_pk" PRIMARY KEY("merchant_id","id"),
	CONSTRAINT "devices_model_check" CHECK ("devices"."model" in ('with-printer', 'without-printer')),
	CONSTRAINT "devices_status_check" CHECK ("devices"."status" in ('active', 'inactive'))
);
--> statement-breakpoint
CREATE TABLE "merchants" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"legal_entity_name" text NOT NULL,
	"entity_type" text DEFAULT 'company' NOT NULL,
	"registration_number" text,
	"vat_number" text,
	"industry" text,
	"country" char(2) NOT NULL,
	"currency" char(3) NOT NULL,
	"time_zone" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"kyc_onboarding_status" text DEFAULT 'pending' NOT NULL,
	"stripe_customer_id" text,
	"deal_reference" text,
	"churn_requested_at" timestamp with time zone,
	"churn_delay_days" integer,
	"churn_effective_at" timestamp with time zone,
	"churn_reason" text,
	"churned_by" uuid,
	"blocked" boolean DEFAULT false NOT NULL,
	"blocked_at" timestamp with time zone,
	"blocked_reason" text,
	"blocked_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "merchants_status_check" CHECK ("merchants"."status" in ('active', 'inactive', 'churned')),
	CONSTRAINT "merchants_kyc_status_check" CHECK ("merchants"."kyc_onboarding_status" in ('pending', 'in-review', 'verified', 'rejected')),
	CONSTRAINT "merchants_entity_type_check" CHECK ("merchants"."entity_type" in ('sole-trader', 'company')),
	CONSTRAINT "merchants_country_check" CHECK ("merchants"."country" ~ '^[A-Z]{2}$'),
	CONSTRAINT "merchants_currency_check" CHECK ("merchants"."currency" ~ '^[A-Z]{3}$')
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"merchant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"site_id" uuid NOT NULL,
	"payout_id" uuid,
	"transaction_id" uuid,
	"refund_id" uuid,
	"type" text NOT NULL,
	"amount" bigint NOT NULL,
	"currency" char(3) NOT NULL,
	"description" text,
	"occurred_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_entries_pk" PRIMARY KEY("merchant_id","id"),
	CONSTRAINT "ledger_entries_type_check" CHECK ("ledger_entries"."type" in ('payment', 'tip', 'refund', 'chargeback', 'chargeback-reversal', 'fee', 'device-rental', 'adjustment'))
);
--> statement-breakpoint
CREATE TABLE "payouts" (
	"merchant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"site_id" uuid NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"payout_date" date NOT NULL,
	"amount" bigint NOT NULL,
	"gross_amount" bigint NOT NULL,
	"fees_amount" bigint NOT NULL,
	"currency" char(3) NOT NULL,
	"reference" text NOT NULL,
	"bank_account_last_four" char(4),
	"paid_at" timestamp with time zone,
	"failure_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payouts_pk" PRIMARY KEY("merchant_id","id"),
	CONSTRAINT "payouts_status_check" CHECK ("payouts"."status" in ('pending', 'completed', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "eod_reports" (
	"merchant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"site_id" uuid NOT NULL,
	"device_id" uuid,
	"business_date" date NOT NULL,
	"state" text DEFAULT 'NEW' NOT NULL,
	"currency" char(3) NOT NULL,
	"transaction_count" integer DEFAULT 0 NOT NULL,
	"sales_amount" bigint DEFAULT 0 NOT NULL,
	"refunds_amount" bigint DEFAULT 0 NOT NULL,
	"tips_amount" bigint DEFAULT 0 NOT NULL,
	"totals" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"file_path" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "eod_reports_pk" PRIMARY KEY("merchant_id","id"),
	CONSTRAINT "eod_reports_state_check" CHECK ("eod_reports"."state" in ('NEW', 'PROCESSING', 'READY', 'ERROR'))
);
--> statement-breakpoint
CREATE TABLE "reports" (
	"merchant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"type" text NOT NULL,
	"state" text DEFAULT 'NEW' NOT NULL,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"file_path" text,
	"file_size_bytes" bigint,
	"row_count" integer,
	"error" text,
	"requested_by" uuid,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reports_pk" PRIMARY KEY("merchant_id","id"),
	CONSTRAINT "reports_type_check" CHECK ("reports"."type" in ('transactions', 'payouts', 'payoutDetail')),
	CONSTRAINT "reports_state_check" CHECK ("reports"."state" in ('NEW', 'PROCESSING', 'READY', 'ERROR'))
);
--> statement-breakpoint
CREATE TABLE "sites" (
	"merchant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"display_name" text,
	"short_code" text,
	"pay_by_link_terms_url" text,
	"settlement_window" text DEFAULT '00:00' NOT NULL,
	"address_line1" text NOT NULL,
	"address_line2" text,
	"city" text NOT NULL,
	"state_or_province" text,
	"postal_code" text NOT NULL,
	"country" char(2) NOT NULL,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sites_pk" PRIMARY KEY("merchant_id","id")
);
--> statement-breakpoint
CREATE TABLE "refunds" (
	"merchant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"transaction_id" uuid NOT NULL,
	"amount" bigint NOT NULL,
	"currency" char(3) NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"psp_reference" text,
	"reason" text,
	"failure_reason" text,
	"idempotency_key" text,
	"requested_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refunds_pk" PRIMARY KEY("merchant_id","id"),
	CONSTRAINT "refunds_status_check" CHECK ("refunds"."status" in ('pending', 'succeeded', 'failed')),
	CONSTRAINT "refunds_amount_check" CHECK ("refunds"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "transactions" (
	"merchant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"site_id" uuid NOT NULL,
	"device_id" uuid,
	"psp_reference" text NOT NULL,
	"merchant_reference" text,
	"amount" bigint NOT NULL,
	"tip_amount" bigint DEFAULT 0 NOT NULL,
	"currency" char(3) NOT NULL,
	"status" text NOT NULL,
	"source" text NOT NULL,
	"card_bin" text,
	"card_last_four" char(4),
	"card_scheme" text,
	"card_region" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "transactions_pk" PRIMARY KEY("merchant_id","id"),
	CONSTRAINT "transactions_status_check" CHECK ("transactions"."status" in ('pending', 'pre-authorized', 'pre-authorized-pending-capture', 'pre-authorized-capture-failed', 'captured', 'failed', 'refund-pending', 'refund', 'refunded', 'unref-refund', 'partially-refunded', 'chargeback-pending', 'chargedback', 'cancelled')),
	CONSTRAINT "transactions_source_check" CHECK ("transactions"."source" in ('adyen-terminal', 'pay-by-link', 'tap-to-pay')),
	CONSTRAINT "transactions_card_bin_check" CHECK ("transactions"."card_bin" is null or "transactions"."card_bin" ~ '^[0-9]{6,8}$'),
	CONSTRAINT "transactions_card_last_four_check" CHECK ("transactions"."card_last_four" is null or "transactions"."card_last_four" ~ '^[0-9]{4}$'),
	CONSTRAINT "transactions_amount_check" CHECK ("transactions"."amount" >= 0 and "transactions"."tip_amount" >= 0)
);
--> statement-breakpoint
ALTER TABLE "merchant_memberships" ADD CONSTRAINT "merchant_memberships_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_memberships" ADD CONSTRAINT "merchant_memberships_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_memberships" ADD CONSTRAINT "merchant_memberships_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_role_grants" ADD CONSTRAINT "site_role_grants_membership_fk" FOREIGN KEY ("merchant_id","user_id") REFERENCES "public"."merchant_memberships"("merchant_id","user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_adjustments" ADD CONSTRAINT "billing_adjustments_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_settings" ADD CONSTRAINT "billing_settings_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_methods" ADD CONSTRAINT "payment_methods_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rates" ADD CONSTRAINT "rates_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_site_fk" FOREIGN KEY ("merchant_id","site_id") REFERENCES "public"."sites"("merchant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_payout_fk" FOREIGN KEY ("merchant_id","payout_id") REFERENCES "public"."payouts"("merchant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_site_fk" FOREIGN KEY ("merchant_id","site_id") REFERENCES "public"."sites"("merchant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "eod_reports" ADD CONSTRAINT "eod_reports_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sites" ADD CONSTRAINT "sites_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_transaction_fk" FOREIGN KEY ("merchant_id","transaction_id") REFERENCES "public"."transactions"("merchant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_site_fk" FOREIGN KEY ("merchant_id","site_id") REFERENCES "public"."sites"("merchant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "merchant_memberships_user_idx" ON "merchant_memberships" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "audit_log_merchant_at_idx" ON "audit_log" USING btree ("merchant_id","at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_log_actor_at_idx" ON "audit_log" USING btree ("actor_user_id","at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_number_unique" ON "invoices" USING btree ("number");--> statement-breakpoint
CREATE INDEX "invoices_merchant_period_idx" ON "invoices" USING btree ("merchant_id","period_start" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "payment_methods_provider_id_unique" ON "payment_methods" USING btree ("provider_payment_method_id");--> statement-breakpoint
CREATE INDEX "payment_methods_merchant_idx" ON "payment_methods" USING btree ("merchant_id","created_at");--> statement-breakpoint
CREATE INDEX "rates_merchant_effective_idx" ON "rates" USING btree ("merchant_id","effective_from" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "rates_merchant_current_unique" ON "rates" USING btree ("merchant_id") WHERE "rates"."effective_to" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "devices_id_unique" ON "devices" USING btree ("id");--> statement-breakpoint
CREATE UNIQUE INDEX "devices_serial_unique" ON "devices" USING btree ("serial");--> statement-breakpoint
CREATE INDEX "devices_merchant_site_idx" ON "devices" USING btree ("merchant_id","site_id");--> statement-breakpoint
CREATE INDEX "devices_merchant_serial_idx" ON "devices" USING btree ("merchant_id",lower("serial"));--> statement-breakpoint
CREATE INDEX "merchants_legal_entity_name_idx" ON "merchants" USING btree (lower("legal_entity_name"));--> statement-breakpoint
CREATE INDEX "ledger_entries_merchant_payout_idx" ON "ledger_entries" USING btree ("merchant_id","payout_id","occurred_at","id");--> statement-breakpoint
CREATE INDEX "ledger_entries_merchant_site_occurred_idx" ON "ledger_entries" USING btree ("merchant_id","site_id","occurred_at","id");--> statement-breakpoint
CREATE INDEX "ledger_entries_merchant_transaction_idx" ON "ledger_entries" USING btree ("merchant_id","transaction_id") WHERE "ledger_entries"."transaction_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "payouts_id_unique" ON "payouts" USING btree ("id");--> statement-breakpoint
CREATE INDEX "payouts_merchant_date_idx" ON "payouts" USING btree ("merchant_id","payout_date" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "payouts_merchant_site_date_idx" ON "payouts" USING btree ("merchant_id","site_id","payout_date" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "eod_reports_merchant_site_date_idx" ON "eod_reports" USING btree ("merchant_id","site_id","business_date" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "reports_merchant_created_idx" ON "reports" USING btree ("merchant_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "reports_merchant_type_created_idx" ON "reports" USING btree ("merchant_id","type","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "sites_id_unique" ON "sites" USING btree ("id");--> statement-breakpoint
CREATE UNIQUE INDEX "sites_merchant_name_unique" ON "sites" USING btree ("merchant_id",lower("name"));--> statement-breakpoint
CREATE INDEX "sites_merchant_created_idx" ON "sites" USING btree ("merchant_id","created_at");--> statement-breakpoint
CREATE INDEX "refunds_merchant_transaction_idx" ON "refunds" USING btree ("merchant_id","transaction_id");--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_merchant_idempotency_unique" ON "refunds" USING btree ("merchant_id","idempotency_key") WHERE "refunds"."idempotency_key" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "transactions_id_unique" ON "transactions" USING btree ("id");--> statement-breakpoint
CREATE UNIQUE INDEX "transactions_psp_reference_unique" ON "transactions" USING btree ("psp_reference");--> statement-breakpoint
CREATE INDEX "transactions_merchant_created_idx" ON "transactions" USING btree ("merchant_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "transactions_merchant_site_created_idx" ON "transactions" USING btree ("merchant_id","site_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "transactions_merchant_last_four_idx" ON "transactions" USING btree ("merchant_id","card_last_four");