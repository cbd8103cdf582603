-- The staff audit log's person filter: the people who appear in it (the actors of app_staff_audit_log's rows),
-- with their name and e-mail as the users table has them now (the entry's own e-mail if the account is gone),
-- by name. Security definer for the same reason as app_staff_audit_log (app_user reads neither merchant-less
-- audit rows nor other people's accounts); app_user may call it, nobody else. The staff check is the caller's.
CREATE OR REPLACE FUNCTION app_staff_audit_people()
  RETURNS TABLE (user_id uuid, email text, first_name text, last_name text)
  LANGUAGE sql STABLE SECURITY DEFINER
  SET search_path = public, pg_temp
  AS $$
    SELECT a.actor_user_id, coalesce(u.email, max(a.actor_email)), u.first_name, u.last_name
      FROM audit_log a
      LEFT JOIN users u ON u.id = a.actor_user_id
     WHERE a.merchant_id IS NULL
       AND a.acting_as = 'staff'
       AND a.actor_user_id IS NOT NULL
     GROUP BY a.actor_user_id, u.email, u.first_name, u.last_name
     ORDER BY lower(coalesce(nullif(concat_ws(' ', u.first_name, u.last_name), ''), u.email, max(a.actor_email))),
              a.actor_user_id
     LIMIT 500
  $$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION app_staff_audit_people() FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION app_staff_audit_people() TO app_user;
