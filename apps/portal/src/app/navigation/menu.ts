import { ROUTE_PATHS, type RouteId } from '../../lib/paths.ts';
import { type GuardContext, guardsAllow } from '../guards/guard.ts';
import { guardsFor } from '../guards/route-guards.ts';

export interface MenuLink {
  kind: 'link';
  labelKey: string;
  routeId: RouteId;
}

/** "Add company" clears the current merchant and opens onboarding (SPEC §2.2 deal rule, README). */
export interface MenuAction {
  kind: 'add-company';
  labelKey: string;
  routeId: 'onboarding-landing';
}

export type MenuEntry = MenuLink | MenuAction;

export interface MenuGroup {
  labelKey: string;
  entries: MenuEntry[];
}

const link = (labelKey: string, routeId: RouteId): MenuLink => ({ kind: 'link', labelKey, routeId });

/** SPEC §2.3 menus, in order. */
export const MENU: readonly MenuGroup[] = [
  {
    labelKey: 'nav.devices',
    entries: [
      link('nav.allDevices', 'all-devices'),
      link('nav.orderNewDevice', 'order-new-device'),
      link('nav.connectNewDevice', 'connect-new-device'),
    ],
  },
  { labelKey: 'nav.sites', entries: [link('nav.allSites', 'all-sites'), link('nav.newSite', 'new-site')] },
  {
    labelKey: 'nav.reporting',
    entries: [
      link('nav.transactions', 'transactions'),
      link('nav.payouts', 'payouts'),
      link('nav.reports', 'reports'),
      link('nav.eodReports', 'eod-reports'),
    ],
  },
  {
    labelKey: 'nav.billing',
    entries: [link('nav.paymentMethods', 'payment-methods'), link('nav.invoices', 'invoices')],
  },
  { labelKey: 'nav.users', entries: [link('nav.users', 'users')] },
  {
    labelKey: 'nav.company',
    entries: [
      link('nav.companySettings', 'company-settings'),
      link('nav.manageCompanies', 'manage-companies'),
      { kind: 'add-company', labelKey: 'nav.addCompany', routeId: 'onboarding-landing' },
    ],
  },
];

/** Whether the route's own guards would let the user in (the same functions the loaders run). */
export function canOpen(entry: MenuEntry, base: Omit<GuardContext, 'routeId' | 'url' | 'params'>): boolean {
  const context: GuardContext = {
    ...base,
    routeId: entry.routeId,
    url: new URL(ROUTE_PATHS[entry.routeId], 'http://menu.invalid'),
    params: {},
    // Adding a company starts from no current merchant.
    merchant: entry.kind === 'add-company' ? null : base.merchant,
  };
  return guardsAllow(guardsFor(entry.routeId), context);
}

/** The menus with only the entries the user may open; empty groups are left out. */
export function visibleMenu(base: Omit<GuardContext, 'routeId' | 'url' | 'params'>): MenuGroup[] {
  return MENU.map((group) => ({
    ...group,
    entries: group.entries.filter((entry) => canOpen(entry, base)),
  })).filter((group) => group.entries.length > 0);
}
