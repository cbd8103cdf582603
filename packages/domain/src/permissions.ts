// SPEC §6 (permission names, scopes, "all listed permissions"), DESIGN §4 (role grants, name mapping).

export const COMPANY_PERMISSIONS = [
  'Device:OrderDevice',
  'Device:ListDevices',
  'Device:AssignDevice',
  'Site:ListSites',
  'Site:GetSite',
  'Site:CreateSite',
  'Site:UpdateSite',
  'Transaction:ListTransactions',
  'Transaction:RefundTransaction',
  'Payout:ListPayouts',
  'Payout:GetPayout',
  'Report:ListReports',
  'Report:CreateReport',
  'Report:DownloadReport',
  'Billing:ListPaymentMethods',
  'Billing:AddPaymentMethod',
  'Billing:ListInvoices',
  'Billing:SetDefaultPaymentMethod',
  'Billing:DeleteDefaultPaymentMethod',
  'User:ListUsers',
  'User:InviteUser',
  'User:Update',
  'User:RemoveUser',
  'User:ResetPassword',
  'Company:AccessKyc',
  'Company:UpdateDetails',
  'Company:GetRates',
  'Company:Deactivate',
  'EODReport:ListReports',
  'EODReport:CreateReports',
] as const;

export type Permission = (typeof COMPANY_PERMISSIONS)[number];

export const ROLES = ['CompanyOwner', 'SiteManager'] as const;
export type Role = (typeof ROLES)[number];
/** DESIGN §4: CompanyOwner is held company-wide and SiteManager per site; neither grants anything elsewhere. */
export const COMPANY_ROLES = ['CompanyOwner'] as const satisfies readonly Role[];
export const SITE_ROLES = ['SiteManager'] as const satisfies readonly Role[];
export type CompanyRole = (typeof COMPANY_ROLES)[number];
export type SiteRole = (typeof SITE_ROLES)[number];
export const STAFF_GROUP = 'Staff';
/** The group every merchant user belongs to, so that they count as configured (SPEC §3 isConfigured). */
export const MERCHANT_GROUP = 'Merchants';

/** What a SiteManager holds on each site they are granted (or on every site with `*`). */
export const SITE_MANAGER_PERMISSIONS = [
  'Site:GetSite',
  'Site:UpdateSite',
  'Device:ListDevices',
  'Device:AssignDevice',
  'Transaction:ListTransactions',
  'Transaction:RefundTransaction',
  'Payout:ListPayouts',
  'Payout:GetPayout',
  'Report:ListReports',
  'Report:CreateReport',
  'Report:DownloadReport',
  'EODReport:ListReports',
  'EODReport:CreateReports',
] as const satisfies readonly Permission[];

export const ALL_SITES = '*';

export interface SitePermissions {
  siteId: string;
  permissions: Permission[];
}

/** The shape of SPEC §3 Merchant.permissions, as the server returns it. */
export interface MerchantPermissions {
  companyScoped: Permission[];
  siteScoped: SitePermissions[];
}

export const EMPTY_PERMISSIONS: MerchantPermissions = { companyScoped: [], siteScoped: [] };

export interface RoleGrants {
  companyRoles: Role[];
  /** siteId (or `*`) → roles held on that site */
  siteRoles: { siteId: string; roles: Role[] }[];
}

/** Computes a user's permissions for one merchant from their roles. The server is the only caller. */
export function permissionsFromRoles(grants: RoleGrants): MerchantPermissions {
  const companyScoped: Permission[] = grants.companyRoles.includes('CompanyOwner')
    ? [...COMPANY_PERMISSIONS]
    : [];
  const siteScoped: SitePermissions[] = [];
  for (const { siteId, roles } of grants.siteRoles) {
    if (roles.includes('SiteManager'))
      siteScoped.push({ siteId, permissions: [...SITE_MANAGER_PERMISSIONS] });
  }
  return { companyScoped, siteScoped };
}

export type PermissionScope =
  | { kind: 'company' }
  | { kind: 'site'; siteId: string }
  /** held on at least one site (or company-wide) */
  | { kind: 'any-site' };

function sitePermissionsFor(perms: MerchantPermissions, siteId: string): Set<Permission> {
  const held = new Set<Permission>();
  for (const entry of perms.siteScoped) {
    if (entry.siteId === ALL_SITES || entry.siteId === siteId) for (const p of entry.permissions) held.add(p);
  }
  return held;
}

/**
 * SPEC §6: staff pass every check; a check listing several permissions passes only when all are held.
 * Company-scoped grants count for every scope; site-scoped grants count for their site (or `*`).
 */
export function holdsPermissions(
  actor: { isStaff: boolean; permissions: MerchantPermissions },
  required: readonly Permission[],
  scope: PermissionScope,
): boolean {
  if (actor.isStaff) return true;
  const company = new Set(actor.permissions.companyScoped);
  return required.every((permission) => {
    if (company.has(permission)) return true;
    if (scope.kind === 'site') return sitePermissionsFor(actor.permissions, scope.siteId).has(permission);
    if (scope.kind === 'any-site') {
      return actor.permissions.siteScoped.some((entry) => entry.permissions.includes(permission));
    }
    return false;
  });
}

/** Sites on which the actor holds `permission`: `'all'` when company-wide, `*` or staff. */
export function sitesWithPermission(
  actor: { isStaff: boolean; permissions: MerchantPermissions },
  permission: Permission,
): 'all' | string[] {
  if (actor.isStaff || actor.permissions.companyScoped.includes(permission)) return 'all';
  const sites = actor.permissions.siteScoped.filter((entry) => entry.permissions.includes(permission));
  if (sites.some((entry) => entry.siteId === ALL_SITES)) return 'all';
  return sites.map((entry) => entry.siteId);
}

/** SPEC §6: staff, or User:ListUsers on any company, or associated with more than one merchant. */
export function canManageCompanies(
  isStaff: boolean,
  merchants: readonly { permissions: MerchantPermissions }[],
): boolean {
  if (isStaff) return true;
  if (merchants.length > 1) return true;
  return merchants.some((m) => m.permissions.companyScoped.includes('User:ListUsers'));
}

export const ROUTE_GUARD_PERMISSIONS = [
  'Billing_ListPaymentMethods',
  'Billing_AddPaymentMethod',
  'Billing_ListInvoices',
  'Device_OrderDevice',
  'Device_AssignDevice',
  'Site_UpdateSite',
  'Site_CreateSite',
  'User_ListUsers',
  'User_UpdateUser',
  'User_InviteUser',
] as const;
export type RouteGuardPermission = (typeof ROUTE_GUARD_PERMISSIONS)[number];

/** DESIGN §4: `_` → `:`, except User_UpdateUser → User:Update. */
export function permissionFromGuardName(name: RouteGuardPermission): Permission {
  if (name === 'User_UpdateUser') return 'User:Update';
  return name.replace('_', ':') as Permission;
}
