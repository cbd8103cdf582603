-- GET /api/merchants: the caller's merchants (the columns the route shows) with their roles, under the user's
-- context as app_user.
-- Variables: user.
BEGIN;
SELECT set_config('app.user_id', :user, true);
SET LOCAL ROLE app_user;
SELECT m.id, m.legal_entity_name, m.entity_type, m.status, m.blocked, m.kyc_onboarding_status, m.country,
       m.currency, m.time_zone, m.stripe_customer_id, m.require_two_factor, mm.company_roles, coalesce((
    SELECT json_agg(json_build_object('siteId', g.site_id, 'roles', g.roles) ORDER BY g.site_id)
      FROM (SELECT srg.site_id, array_agg(srg.role ORDER BY srg.role) AS roles
              FROM site_role_grants srg
             WHERE srg.merchant_id = mm.merchant_id AND srg.user_id = mm.user_id
             GROUP BY srg.site_id) g), '[]'::json)
  FROM merchant_memberships mm JOIN merchants m ON m.id = mm.merchant_id
 WHERE mm.user_id = :user
 ORDER BY lower(m.legal_entity_name), m.id;
COMMIT;
