-- Every tenant read and write of the request path runs as app_user (docs/decisions/0030-row-level-security.md).
-- This migration adds what the request path needs beyond one merchant's rows, each as narrowly as it can be:
-- the signed-in user's own memberships (GET /api/merchants), staff search through a security-definer function,
-- merchant-less audit entries, and account creation inside an invite's transaction.

-- The user of the current transaction (set by TenantDb.forUser), or null.
CREATE OR REPLACE FUNCTION app_current_user() RETURNS uuid
  LANGUAGE sql STABLE
  AS $$ SELECT nullif(current_setting('app.user_id', true), '')::uuid $$;
--> statement-breakpoint
-- Membership by user: with app.user_id set (and no merchant), app_user reads that user's memberships, their
-- site role grants and the merchants they belong to, across merchants. Read only.
DROP POLICY IF EXISTS member_self ON merchant_memberships;
--> statement-breakpoint
CREATE POLICY member_self ON merchant_memberships AS PERMISSIVE FOR SELECT TO app_user
  USING (user_id = app_current_user());
--> statement-breakpoint
DROP POLICY IF EXISTS member_self ON site_role_grants;
--> statement-breakpoint
CREATE POLICY member_self ON site_role_grants AS PERMISSIVE FOR SELECT TO app_user
  USING (user_id = app_current_user());
--> statement-breakpoint
DROP POLICY IF EXISTS member_self ON merchants;
--> statement-breakpoint
CREATE POLICY member_self ON merchants AS PERMISSIVE FOR SELECT TO app_user
  USING (EXISTS (SELECT 1 FROM merchant_memberships mm
                  WHERE mm.merchant_id = merchants.id AND mm.user_id = app_current_user()));
--> statement-breakpoint
-- Staff search (SPEC §7 staff-search): the one request-path read across merchants. A security-definer function
-- owned by the migrating role returns only what the search result shows, at most 100 rows; app_user may call
-- it, nobody else. The staff check and the audit entry are the caller's (modules/staff).
CREATE OR REPLACE FUNCTION app_staff_search_merchants(p_pattern text, p_limit integer)
  RETURNS TABLE (
    id uuid, legal_entity_name text, entity_type text, country text, currency text, time_zone text,
    status text, kyc_onboarding_status text, stripe_customer_id text, blocked boolean
  )
  LANGUAGE sql STABLE SECURITY DEFINER
  SET search_path = public, pg_temp
  AS $$
    SELECT m.id, m.legal_entity_name, m.entity_type, m.country::text, m.currency::text, m.time_zone,
           m.status, m.kyc_onboarding_status, m.stripe_customer_id, m.blocked
      FROM merchants m
     WHERE lower(m.legal_entity_name) LIKE p_pattern
     ORDER BY lower(m.legal_entity_name), m.id
     LIMIT least(greatest(p_limit, 0), 100)
  $$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION app_staff_search_merchants(text, integer) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION app_staff_search_merchants(text, integer) TO app_user;
--> statement-breakpoint
-- Audit entries that belong to no merchant (a staff search) may be added by app_user when no merchant is set;
-- they stay unreadable to it (reading needs the merchant) and, like every entry, unchangeable.
DROP POLICY IF EXISTS merchantless_audit_insert ON audit_log;
--> statement-breakpoint
CREATE POLICY merchantless_audit_insert ON audit_log AS PERMISSIVE FOR INSERT TO app_user
  WITH CHECK (merchant_id IS NULL AND app_current_merchant() IS NULL);
--> statement-breakpoint
-- An invite creates the invitee's account in the same transaction as the membership (docs/decisions/0031).
GRANT INSERT ON users, user_groups TO app_user;
