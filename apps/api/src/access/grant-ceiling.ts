import {
  ALL_SITES,
  holdsPermissions,
  type MerchantPermissions,
  permissionsFromRoles,
  type RoleGrants,
} from '@mp/domain/permissions';

/**
 * Issue 5: nobody can grant more than they hold. Every permission the grants would confer must be held by
 * the actor in the same scope: company-wide grants need company-wide permissions, a site's grants need them
 * on that site, `*` needs them on every site. Staff hold everything. Returns the offending input field, or
 * null when the actor may grant all of it.
 */
export function grantBeyondActor(
  actor: { isStaff: boolean; permissions: MerchantPermissions },
  grants: RoleGrants,
): string | null {
  if (actor.isStaff) return null;
  const conferred = permissionsFromRoles(grants);
  if (!holdsPermissions(actor, conferred.companyScoped, { kind: 'company' })) return 'companyRoles';
  for (const [index, grant] of grants.siteRoles.entries()) {
    const needed = permissionsFromRoles({ companyRoles: [], siteRoles: [grant] }).siteScoped.flatMap(
      (entry) => entry.permissions,
    );
    const held =
      grant.siteId === ALL_SITES
        ? needed.every(
            (permission) =>
              actor.permissions.companyScoped.includes(permission) ||
              actor.permissions.siteScoped.some(
                (entry) => entry.siteId === ALL_SITES && entry.permissions.includes(permission),
              ),
          )
        : holdsPermissions(actor, needed, { kind: 'site', siteId: grant.siteId });
    if (!held) return `siteRoles.${index}`;
  }
  return null;
}

/**
 * Decision 0132: whether `inviter` may make, and so may keep open, an invitation carrying `grants`: the invite
 * route's permission (User:InviteUser, company-wide) and nothing beyond their own (`grantBeyondActor`). Staff may.
 */
export function mayInvite(
  inviter: { isStaff: boolean; permissions: MerchantPermissions },
  grants: RoleGrants,
): boolean {
  return (
    holdsPermissions(inviter, ['User:InviteUser'], { kind: 'company' }) &&
    grantBeyondActor(inviter, grants) === null
  );
}
