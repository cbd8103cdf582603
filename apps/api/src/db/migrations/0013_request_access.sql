-- The access check of a merchant route in one statement (issue 16, docs/PERFORMANCE.md): the merchant, the
-- caller's company and site roles there, and a staff member's live override, as one JSON value. Runs as the
-- caller's role (not security definer): under app_user with app.merchant_id set, row-level security shows it
-- only that merchant's rows. plpgsql keeps each statement's plan for the life of the connection.
CREATE OR REPLACE FUNCTION app_access(p_merchant uuid, p_user uuid, p_staff boolean, p_now timestamptz)
  RETURNS jsonb
  LANGUAGE plpgsql STABLE
  AS $$
DECLARE
  v_merchant jsonb;
  v_company_roles text[];
  v_member boolean;
  v_site_roles jsonb;
  v_override jsonb;
BEGIN
  SELECT to_jsonb(m) INTO v_merchant FROM merchants m WHERE m.id = p_merchant;
  IF v_merchant IS NULL THEN
    RETURN NULL;
  END IF;
  SELECT mm.company_roles INTO v_company_roles
    FROM merchant_memberships mm
   WHERE mm.merchant_id = p_merchant AND mm.user_id = p_user;
  v_member := FOUND;
  IF v_member THEN
    SELECT coalesce(jsonb_agg(jsonb_build_object('siteId', g.site_id, 'roles', g.roles) ORDER BY g.site_id), '[]')
      INTO v_site_roles
      FROM (SELECT srg.site_id, array_agg(srg.role ORDER BY srg.role) AS roles
              FROM site_role_grants srg
             WHERE srg.merchant_id = p_merchant AND srg.user_id = p_user
             GROUP BY srg.site_id) g;
  END IF;
  IF p_staff THEN
    SELECT jsonb_build_object('id', o.id, 'reason', o.reason, 'expiresAt', o.expires_at) INTO v_override
      FROM staff_overrides o
     WHERE o.merchant_id = p_merchant AND o.staff_user_id = p_user AND o.ended_at IS NULL AND o.expires_at > p_now
     LIMIT 1;
  END IF;
  RETURN jsonb_build_object(
    'merchant', v_merchant,
    'grants', CASE WHEN v_member
      THEN jsonb_build_object('companyRoles', to_jsonb(v_company_roles), 'siteRoles', v_site_roles) END,
    'override', v_override);
END $$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION app_access(uuid, uuid, boolean, timestamptz) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION app_access(uuid, uuid, boolean, timestamptz) TO app_user;
