ALTER TABLE "merchants" ADD COLUMN "require_two_factor" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Issue 15: whether a user has a second factor, for the users list (run as app_user, which may not read the
-- factor tables); a boolean only.
CREATE OR REPLACE FUNCTION app_user_second_factor(p_user uuid) RETURNS boolean
  LANGUAGE sql STABLE SECURITY DEFINER
  SET search_path = public, pg_temp
  AS $$
    SELECT EXISTS (SELECT 1 FROM totp_factors t WHERE t.user_id = p_user AND t.confirmed_at IS NOT NULL)
        OR EXISTS (SELECT 1 FROM passkeys p WHERE p.user_id = p_user)
  $$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION app_user_second_factor(uuid) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION app_user_second_factor(uuid) TO app_user;
