-- GET /api/v1/merchants/{id}/users: the access check and the members with their site roles in one read-only
-- transaction under the merchant's context as app_user, as the API sends them in one round trip
-- (`RouteAccess.read`, docs/PERFORMANCE.md). Variables: merchant, user.
BEGIN TRANSACTION READ ONLY;
SELECT set_config('app.merchant_id', :merchant, true);
SET LOCAL ROLE app_user;
SELECT app_access(:merchant, :user, false, now()) AS access;
SELECT u.id, u.email, u.first_name, u.last_name, u.status, u.enabled, u.locale, mm.company_roles, coalesce((
    SELECT json_agg(json_build_object('siteId', g.site_id, 'roles', g.roles) ORDER BY g.site_id)
      FROM (SELECT srg.site_id, array_agg(srg.role ORDER BY srg.role) AS roles
              FROM site_role_grants srg
             WHERE srg.merchant_id = mm.merchant_id AND srg.user_id = mm.user_id
             GROUP BY srg.site_id) g), '[]'::json), mm.invited_at, mm.created_at,
       app_account_shared(u.id, mm.merchant_id),
       exists (SELECT 1 FROM user_groups ug WHERE ug.user_id = u.id AND ug.group_name = 'Staff'),
       app_user_second_factor(u.id)
  FROM merchant_memberships mm JOIN users u ON u.id = mm.user_id
 WHERE mm.merchant_id = :merchant
 ORDER BY lower(u.email);
COMMIT;
