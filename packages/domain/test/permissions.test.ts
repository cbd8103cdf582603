import { describe, expect, it } from 'vitest';
import {
  COMPANY_PERMISSIONS,
  canManageCompanies,
  EMPTY_PERMISSIONS,
  holdsPermissions,
  type MerchantPermissions,
  permissionFromGuardName,
  permissionsFromRoles,
  ROUTE_GUARD_PERMISSIONS,
  SITE_MANAGER_PERMISSIONS,
  sitesWithPermission,
} from '../src/permissions.ts';

const owner = permissionsFromRoles({ companyRoles: ['CompanyOwner'], siteRoles: [] });
const managerOfSite1 = permissionsFromRoles({
  companyRoles: [],
  siteRoles: [{ siteId: 'site-1', roles: ['SiteManager'] }],
});
const managerOfAll = permissionsFromRoles({
  companyRoles: [],
  siteRoles: [{ siteId: '*', roles: ['SiteManager'] }],
});
const user = (permissions: MerchantPermissions, isStaff = false) => ({ isStaff, permissions });

describe('permissionsFromRoles (DESIGN §4)', () => {
  it('a CompanyOwner holds every company-scoped permission', () => {
    expect(owner).toEqual({ companyScoped: [...COMPANY_PERMISSIONS], siteScoped: [] });
  });

  it('a SiteManager holds the site-manager permissions on each granted site', () => {
    expect(managerOfSite1).toEqual({
      companyScoped: [],
      siteScoped: [{ siteId: 'site-1', permissions: [...SITE_MANAGER_PERMISSIONS] }],
    });
  });

  it('no roles give no permissions', () => {
    expect(permissionsFromRoles({ companyRoles: [], siteRoles: [{ siteId: 'site-1', roles: [] }] })).toEqual(
      EMPTY_PERMISSIONS,
    );
  });
});

describe('holdsPermissions (SPEC §6)', () => {
  it('company scope needs a company-scoped grant', () => {
    expect(holdsPermissions(user(owner), ['User:ListUsers'], { kind: 'company' })).toBe(true);
    expect(holdsPermissions(user(managerOfSite1), ['Site:GetSite'], { kind: 'company' })).toBe(false);
  });

  it('site scope counts grants on that site, on * and company-wide', () => {
    expect(holdsPermissions(user(managerOfSite1), ['Site:GetSite'], { kind: 'site', siteId: 'site-1' })).toBe(
      true,
    );
    expect(holdsPermissions(user(managerOfSite1), ['Site:GetSite'], { kind: 'site', siteId: 'site-2' })).toBe(
      false,
    );
    expect(holdsPermissions(user(managerOfAll), ['Site:GetSite'], { kind: 'site', siteId: 'site-2' })).toBe(
      true,
    );
    expect(holdsPermissions(user(owner), ['Site:GetSite'], { kind: 'site', siteId: 'site-9' })).toBe(true);
  });

  it('any-site scope passes with the permission on at least one site', () => {
    expect(
      holdsPermissions(user(managerOfSite1), ['Transaction:ListTransactions'], { kind: 'any-site' }),
    ).toBe(true);
    expect(holdsPermissions(user(managerOfSite1), ['Site:CreateSite'], { kind: 'any-site' })).toBe(false);
    expect(holdsPermissions(user(EMPTY_PERMISSIONS), ['Site:GetSite'], { kind: 'any-site' })).toBe(false);
  });

  it('a check listing several permissions passes only when all are held', () => {
    const scope = { kind: 'site', siteId: 'site-1' } as const;
    expect(holdsPermissions(user(managerOfSite1), ['Site:GetSite', 'Site:UpdateSite'], scope)).toBe(true);
    expect(holdsPermissions(user(managerOfSite1), ['Site:GetSite', 'Site:CreateSite'], scope)).toBe(false);
  });

  it('staff pass every check, even with empty permissions', () => {
    expect(holdsPermissions(user(EMPTY_PERMISSIONS, true), ['Company:Deactivate'], { kind: 'company' })).toBe(
      true,
    );
  });
});

describe('sitesWithPermission', () => {
  it('is all for owners, staff and * grants, else the granted sites', () => {
    expect(sitesWithPermission(user(owner), 'Site:GetSite')).toBe('all');
    expect(sitesWithPermission(user(EMPTY_PERMISSIONS, true), 'Site:GetSite')).toBe('all');
    expect(sitesWithPermission(user(managerOfAll), 'Site:GetSite')).toBe('all');
    expect(sitesWithPermission(user(managerOfSite1), 'Site:GetSite')).toEqual(['site-1']);
    expect(sitesWithPermission(user(managerOfSite1), 'Site:CreateSite')).toEqual([]);
  });
});

describe('canManageCompanies (SPEC §6)', () => {
  it('staff can', () => {
    expect(canManageCompanies(true, [])).toBe(true);
  });

  it('a user with User:ListUsers on a company can', () => {
    expect(canManageCompanies(false, [{ permissions: owner }])).toBe(true);
  });

  it('a user associated with more than one merchant can', () => {
    expect(
      canManageCompanies(false, [{ permissions: managerOfSite1 }, { permissions: managerOfSite1 }]),
    ).toBe(true);
  });

  it('a site manager of one merchant cannot', () => {
    expect(canManageCompanies(false, [{ permissions: managerOfSite1 }])).toBe(false);
    expect(canManageCompanies(false, [])).toBe(false);
  });
});

describe('permissionFromGuardName (DESIGN §4)', () => {
  it('replaces _ with :, except User_UpdateUser → User:Update', () => {
    expect(permissionFromGuardName('Billing_ListPaymentMethods')).toBe('Billing:ListPaymentMethods');
    expect(permissionFromGuardName('User_UpdateUser')).toBe('User:Update');
  });

  it('maps every route guard name to a known permission', () => {
    for (const name of ROUTE_GUARD_PERMISSIONS) {
      expect(COMPANY_PERMISSIONS).toContain(permissionFromGuardName(name));
    }
  });
});
