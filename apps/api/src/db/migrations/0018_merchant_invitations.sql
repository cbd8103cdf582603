CREATE TABLE "merchant_invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_id" uuid NOT NULL,
	"invitee_user_id" uuid NOT NULL,
	"email" text NOT NULL,
	"company_roles" text[] DEFAULT '{}'::text[] NOT NULL,
	"site_roles" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"invited_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "merchant_invitations_status_check" CHECK ("merchant_invitations"."status" in ('pending', 'accepted', 'declined', 'revoked', 'expired')),
	CONSTRAINT "merchant_invitations_roles_check" CHECK ("merchant_invitations"."company_roles" <@ array['CompanyOwner', 'SiteManager']::text[])
);
--> statement-breakpoint
ALTER TABLE "merchant_invitations" ADD CONSTRAINT "merchant_invitations_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_invitations" ADD CONSTRAINT "merchant_invitations_invitee_user_id_users_id_fk" FOREIGN KEY ("invitee_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_invitations" ADD CONSTRAINT "merchant_invitations_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "merchant_invitations_merchant_idx" ON "merchant_invitations" USING btree ("merchant_id","created_at");--> statement-breakpoint
CREATE INDEX "merchant_invitations_invitee_idx" ON "merchant_invitations" USING btree ("invitee_user_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "merchant_invitations_pending_unique" ON "merchant_invitations" USING btree ("merchant_id","invitee_user_id") WHERE "merchant_invitations"."status" = 'pending';