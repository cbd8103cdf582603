-- Row-level security for every tenant table (issue 5, docs/decisions/0030-row-level-security.md).
-- Tenant queries run as the non-owner role app_user inside a transaction that has set app.merchant_id
-- (set_config(..., true) + SET LOCAL ROLE app_user); a query that forgets its merchant filter then sees only
-- that merchant's rows, and with no merchant set it sees nothing.

-- The role is cluster-wide: created once, tolerant of a concurrent creation by another database's migration.
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'app_user') THEN
    CREATE ROLE app_user NOLOGIN NOSUPERUSER NOBYPASSRLS;
  END IF;
EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL;
END $$;
--> statement-breakpoint
-- The connecting (owner) role must be able to SET ROLE app_user; superusers can already.
DO $$
BEGIN
  IF NOT (SELECT rolsuper FROM pg_roles WHERE rolname = current_user) THEN
    EXECUTE format('GRANT app_user TO %I', current_user);
  END IF;
END $$;
--> statement-breakpoint
GRANT USAGE ON SCHEMA public TO app_user;
--> statement-breakpoint
-- The merchant of the current transaction, or null when none is set (an unset custom setting reads as '').
CREATE OR REPLACE FUNCTION app_current_merchant() RETURNS uuid
  LANGUAGE sql STABLE
  AS $$ SELECT nullif(current_setting('app.merchant_id', true), '')::uuid $$;
--> statement-breakpoint
-- Puts one table under tenant isolation: RLS enabled and forced, app_user confined to the current merchant,
-- the owning role (the migrating one) confined only when it has set a merchant itself. New tenant tables call
-- it from their own migration: SELECT app_tenant_table('my_table');
CREATE OR REPLACE FUNCTION app_tenant_table(tbl regclass, key_column text DEFAULT 'merchant_id') RETURNS void
  LANGUAGE plpgsql
  AS $$
BEGIN
  EXECUTE format('ALTER TABLE %s ENABLE ROW LEVEL SECURITY', tbl);
  EXECUTE format('ALTER TABLE %s FORCE ROW LEVEL SECURITY', tbl);
  EXECUTE format('DROP POLICY IF EXISTS tenant_isolation ON %s', tbl);
  EXECUTE format(
    'CREATE POLICY tenant_isolation ON %s AS PERMISSIVE FOR ALL TO app_user USING (%I = app_current_merchant()) WITH CHECK (%I = app_current_merchant())',
    tbl, key_column, key_column);
  EXECUTE format('DROP POLICY IF EXISTS owner_access ON %s', tbl);
  EXECUTE format(
    'CREATE POLICY owner_access ON %s AS PERMISSIVE FOR ALL TO CURRENT_USER USING (app_current_merchant() IS NULL OR %I = app_current_merchant()) WITH CHECK (app_current_merchant() IS NULL OR %I = app_current_merchant())',
    tbl, key_column, key_column);
  EXECUTE format('GRANT SELECT, INSERT, UPDATE, DELETE ON %s TO app_user', tbl);
END $$;
--> statement-breakpoint
DO $$
DECLARE t record;
BEGIN
  FOR t IN
    SELECT c.relname FROM pg_class c
      JOIN pg_namespace n ON n.oid = c.relnamespace
      JOIN pg_attribute a ON a.attrelid = c.oid AND a.attname = 'merchant_id' AND NOT a.attisdropped
     WHERE n.nspname = 'public' AND c.relkind = 'r'
  LOOP
    PERFORM app_tenant_table(format('public.%I', t.relname)::regclass);
  END LOOP;
END $$;
--> statement-breakpoint
SELECT app_tenant_table('public.merchants'::regclass, 'id');
--> statement-breakpoint
-- Merchants are created by onboarding and removed by nobody through the tenant role.
REVOKE INSERT, DELETE ON merchants FROM app_user;
--> statement-breakpoint
-- The audit log is append-only: the tenant role may add and read entries, never change or remove them, and
-- a trigger refuses UPDATE and DELETE from any role.
REVOKE UPDATE, DELETE ON audit_log FROM app_user;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION audit_log_append_only() RETURNS trigger
  LANGUAGE plpgsql
  AS $$ BEGIN RAISE EXCEPTION 'audit_log is append-only'; END $$;
--> statement-breakpoint
CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON audit_log
  FOR EACH ROW EXECUTE FUNCTION audit_log_append_only();
--> statement-breakpoint
-- What the users module reads and changes of the user pool within a tenant transaction: names, a reset to a
-- temporary password, and ending a removed user's sessions.
GRANT SELECT ON users, user_groups TO app_user;
--> statement-breakpoint
GRANT UPDATE (first_name, last_name, password_hash, status, temporary_password_expires_at, updated_at) ON users TO app_user;
--> statement-breakpoint
GRANT SELECT, UPDATE (revoked_at) ON refresh_tokens TO app_user;
