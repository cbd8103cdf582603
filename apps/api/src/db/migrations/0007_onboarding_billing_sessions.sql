CREATE TABLE "kyc_sessions" (
	"merchant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"completed_at" timestamp with time zone,
	"outcome" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "kyc_sessions_pk" PRIMARY KEY("merchant_id","id")
);
--> statement-breakpoint
CREATE TABLE "onboarding_applications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"email" text NOT NULL,
	"shortcode_hash" text NOT NULL,
	"status" text DEFAULT 'in-progress' NOT NULL,
	"deal_reference" text,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"steps_done" integer DEFAULT 0 NOT NULL,
	"created_merchant_id" uuid,
	"submitted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "onboarding_applications_status_check" CHECK ("onboarding_applications"."status" in ('in-progress', 'submitted'))
);
--> statement-breakpoint
CREATE TABLE "billing_sessions" (
	"merchant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"token_hash" text NOT NULL,
	"provider" text NOT NULL,
	"provider_session_id" text,
	"status" text DEFAULT 'open' NOT NULL,
	"payment_method_id" uuid,
	"failure_reason" text,
	"created_by" uuid,
	"expires_at" timestamp with time zone NOT NULL,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "billing_sessions_pk" PRIMARY KEY("merchant_id","id"),
	CONSTRAINT "billing_sessions_status_check" CHECK ("billing_sessions"."status" in ('open', 'succeeded', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "kyc_sessions" ADD CONSTRAINT "kyc_sessions_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "onboarding_applications" ADD CONSTRAINT "onboarding_applications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "onboarding_applications" ADD CONSTRAINT "onboarding_applications_created_merchant_id_merchants_id_fk" FOREIGN KEY ("created_merchant_id") REFERENCES "public"."merchants"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_sessions" ADD CONSTRAINT "billing_sessions_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "kyc_sessions_token_unique" ON "kyc_sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "onboarding_applications_shortcode_unique" ON "onboarding_applications" USING btree ("shortcode_hash") WHERE "onboarding_applications"."status" = 'in-progress';--> statement-breakpoint
CREATE UNIQUE INDEX "onboarding_applications_active_email_unique" ON "onboarding_applications" USING btree (lower("email")) WHERE "onboarding_applications"."status" = 'in-progress';--> statement-breakpoint
CREATE INDEX "onboarding_applications_user_idx" ON "onboarding_applications" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "billing_sessions_token_unique" ON "billing_sessions" USING btree ("token_hash");