-- Row-level security for the onboarding and billing-session tables (issue 13, docs/decisions/0030).
-- kyc_sessions and billing_sessions are tenant tables: isolated by merchant like the others.
SELECT app_tenant_table('public.kyc_sessions'::regclass);
--> statement-breakpoint
SELECT app_tenant_table('public.billing_sessions'::regclass);
--> statement-breakpoint
-- An onboarding application belongs to its applicant before any merchant exists: app_user sees and changes only
-- the rows of the user of the transaction (app.user_id, tenantDb.forUser).
ALTER TABLE onboarding_applications ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE onboarding_applications FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
DROP POLICY IF EXISTS applicant_self ON onboarding_applications;
--> statement-breakpoint
CREATE POLICY applicant_self ON onboarding_applications AS PERMISSIVE FOR ALL TO app_user
  USING (user_id = app_current_user()) WITH CHECK (user_id = app_current_user());
--> statement-breakpoint
DROP POLICY IF EXISTS owner_access ON onboarding_applications;
--> statement-breakpoint
CREATE POLICY owner_access ON onboarding_applications AS PERMISSIVE FOR ALL TO CURRENT_USER USING (true) WITH CHECK (true);
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE ON onboarding_applications TO app_user;
--> statement-breakpoint
-- SPEC §8 tells "shortcode not recognised" from "onboarding already started for this shortcode" (someone else's
-- application): the one cross-applicant read, a yes/no on an in-progress application's shortcode hash.
CREATE OR REPLACE FUNCTION onboarding_shortcode_in_use(hash text) RETURNS boolean
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public
  AS $$ SELECT EXISTS (SELECT 1 FROM onboarding_applications WHERE shortcode_hash = hash AND status = 'in-progress') $$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION onboarding_shortcode_in_use(text) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION onboarding_shortcode_in_use(text) TO app_user;
--> statement-breakpoint
-- The same for an e-mail with an active onboarding under another account (SPEC §8).
CREATE OR REPLACE FUNCTION onboarding_email_in_use(address text) RETURNS boolean
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public
  AS $$ SELECT EXISTS (SELECT 1 FROM onboarding_applications WHERE lower(email) = lower(address) AND status = 'in-progress') $$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION onboarding_email_in_use(text) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION onboarding_email_in_use(text) TO app_user;
