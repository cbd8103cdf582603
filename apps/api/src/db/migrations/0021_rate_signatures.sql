CREATE TABLE "rate_signatures" (
	"merchant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"rates_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"status" text DEFAULT 'sent' NOT NULL,
	"signer_name" text,
	"signer_ip" text,
	"signed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rate_signatures_pk" PRIMARY KEY("merchant_id","id"),
	CONSTRAINT "rate_signatures_status_check" CHECK ("rate_signatures"."status" in ('sent', 'signed'))
);
--> statement-breakpoint
ALTER TABLE "rate_signatures" ADD CONSTRAINT "rate_signatures_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "rate_signatures_rates_unique" ON "rate_signatures" USING btree ("merchant_id","rates_id");--> statement-breakpoint
-- A tenant table like the others (docs/decisions/0030-row-level-security.md).
SELECT app_tenant_table('public.rate_signatures'::regclass);
