-- The staff audit log (decision 0030's table): the entries that belong to no merchant and were made as staff (a
-- search across merchants, a deal made before its merchant exists). app_user cannot read merchant-less rows
-- (tenant_isolation); this security-definer function, owned by the migrating role, returns only those, newest
-- first, filtered and in keyset pages of at most 101 rows. app_user may call it, nobody else. The staff check is
-- the caller's (modules/audit, a staff-only route). A person's own sign-in entries (identity.*) are not staff's.
CREATE OR REPLACE FUNCTION app_staff_audit_log(
  p_from timestamptz, p_to timestamptz, p_actor uuid, p_after_at timestamptz, p_after_id uuid, p_limit integer
)
  RETURNS SETOF audit_log
  LANGUAGE sql STABLE SECURITY DEFINER
  SET search_path = public, pg_temp
  AS $$
    SELECT *
      FROM audit_log a
     WHERE a.merchant_id IS NULL
       AND a.acting_as = 'staff'
       AND (p_from IS NULL OR a.at >= p_from)
       AND (p_to IS NULL OR a.at <= p_to)
       AND (p_actor IS NULL OR a.actor_user_id = p_actor)
       AND (p_after_at IS NULL OR a.at < p_after_at OR (a.at = p_after_at AND a.id < p_after_id))
     ORDER BY a.at DESC, a.id DESC
     LIMIT least(greatest(p_limit, 0), 101)
  $$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION app_staff_audit_log(timestamptz, timestamptz, uuid, timestamptz, uuid, integer) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION app_staff_audit_log(timestamptz, timestamptz, uuid, timestamptz, uuid, integer) TO app_user;
