import type { Locale } from '@mp/domain/locales';
import { formatDate } from '../../lib/format/dates.ts';
import { formatMoney } from '../../lib/format/money.ts';
import { numberFormat } from '../../lib/format/numbers.ts';
import { auditChanges, auditLeaves } from './audit-changes.ts';

/** One line of an audit entry as a person reads it: "Domestic rate 1.20 % → 1.35 %" (before absent when new). */
export interface ReadableChange {
  key: string;
  label: string;
  before?: string;
  after: string;
}

type Translate = (key: string, options?: Record<string, unknown>) => string;

/**
 * Bookkeeping fields nobody needs to read in an audit trail: timestamps (the entry has its own time), identifiers
 * (of the entry's subject, people, sites, sessions: none readable), and flags the views derive for the screens.
 */
const HIDDEN = new Set([
  'updatedAt',
  'createdAt',
  'invitedAt',
  'requestedAt',
  'decidedAt',
  'startedAt',
  'canUpdateToday',
  'canEditAccount',
  'accountLockedReason',
  'currency',
  'userId',
  'merchantId',
  'siteId',
  'invitationId',
  'refundId',
  'requestId',
  'overrideId',
  'endedOverrideIds',
  'owners',
  'removedOwners',
  'ended',
  // An override's staff member ({ userId, email }): the entry's own actor.
  'staff',
  'newAccount',
]);
/** Amounts in minor units, shown as money in the entry's currency (else the merchant's). */
const MONEY = new Set([
  'fixedFee',
  'deviceRentalMonthly',
  'amount',
  'fee',
  'volume90Days',
  'subtotal',
  'tax',
  'total',
  'monthlyTotal',
  'outrightTotal',
  'manualLimitPerTransaction',
  'manualLimitDaily',
]);

const lastSegment = (path: string) => path.split('.').at(-1) ?? path;
/** A field nobody reads (HIDDEN), or one inside such a field (an override's `staff.email`). */
const isHidden = (path: string) => path.split('.').some((segment) => HIDDEN.has(segment));
/**
 * The label's key of a field at `path`: its last segment, except a section's on/off switch, which is named by its
 * section (`integrations.connectPush.enabled` → `connectPushEnabled`): four sections of a site's settings have one.
 */
const fieldKey = (path: string) => {
  const segments = path.split('.');
  const key = segments.at(-1) ?? path;
  const section = segments.at(-2);
  return key === 'enabled' && section ? `${section}Enabled` : key;
};
/**
 * An address's lines in the order they are written on an envelope: the database's JSON orders an object's keys by
 * their length (`city` before `line1`), so an entry comes back in no order a person would use.
 */
const ADDRESS_ORDER = ['line1', 'line2', 'city', 'stateOrProvince', 'postalCode', 'country'];

/** `items` with each parent's address fields together, in ADDRESS_ORDER, where the first of them was. */
function inReadingOrder<T extends { path: string }>(items: T[]): T[] {
  const parentOf = (path: string) => path.split('.').slice(0, -1).join('.');
  const rank = (item: T) => ADDRESS_ORDER.indexOf(lastSegment(item.path));
  const done = new Set<string>();
  const ordered: T[] = [];
  for (const item of items) {
    if (rank(item) < 0) {
      ordered.push(item);
      continue;
    }
    const parent = parentOf(item.path);
    if (done.has(parent)) continue;
    done.add(parent);
    ordered.push(
      ...items
        .filter((other) => rank(other) >= 0 && parentOf(other.path) === parent)
        .sort((a, b) => rank(a) - rank(b)),
    );
  }
  return ordered;
}

/** An instant as the API writes it (`2026-11-24T22:50:49.000Z`), or a calendar day (`2026-12-01`). */
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const humanise = (key: string) => {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[-_]/g, ' ')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

function currencyOf(value: unknown): string | undefined {
  if (value === null || typeof value !== 'object') return undefined;
  const record = value as Record<string, unknown>;
  if (typeof record.currency === 'string') return record.currency;
  return currencyOf(record.current);
}

/** What the reader's merchant gives an entry's values: its currency, its zone, its sites' names. */
export interface AuditReadingContext {
  /** The merchant's currency, for amounts whose entry does not name one (site settings' manual limits). */
  currency?: string;
  /** The merchant's time zone, in which instants are shown as the log's own "When" is (UTC when not given). */
  timeZone?: string;
  /** The merchant's sites, for the site roles a user's entry lists by id. */
  sites?: readonly { siteId: string; name: string; displayName: string | null }[];
}

/** Labels, values and changes of an audit entry without JSON: percentages, money, yes/no, roles, lists' items. */
export function readableChanges(
  entry: { before: unknown; after: unknown },
  t: Translate,
  locale: Locale,
  { currency: merchantCurrency, timeZone = 'UTC', sites = [] }: AuditReadingContext = {},
): ReadableChange[] {
  const currency = currencyOf(entry.after) ?? currencyOf(entry.before) ?? merchantCurrency;
  const percent = numberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 4 });
  const number = numberFormat(locale);
  const label = (key: string) => t(`access.audit.fields.${key}`, { defaultValue: humanise(key) });
  const roleNames = (roles: unknown[]) =>
    roles
      .map((role) => t(`access.users.roleNames.${String(role)}`, { defaultValue: String(role) }))
      .join(', ');
  const siteName = (siteId: unknown) => {
    const site = sites.find((candidate) => candidate.siteId === siteId);
    return site ? (site.displayName ?? site.name) : t('access.audit.items.unknownSite');
  };

  /**
   * One item of a list an entry recorded, as a phrase: an opening "09:00–17:00", a site's roles "High Street: Site
   * manager", a discount "Welcome: 0.50 % for 3 months from 1 Jan 2026", a fee "PCI: £5.00 a month from …", a
   * credit or an invoice line "Goodwill: £10.00", a device order's line "2 × Terminal with printer, £15.00 each,
   * rented monthly"; any other shape field by field.
   */
  const phrase = (listKey: string, item: Record<string, unknown>): string => {
    if (typeof item.opens === 'string' && typeof item.closes === 'string')
      return `${item.opens}–${item.closes}`;
    if (typeof item.quantity === 'number' && typeof item.model === 'string') {
      const model = t(`devices.models.${item.model}`, { defaultValue: item.model });
      return t('access.audit.items.orderLine', {
        quantity: item.quantity,
        item: item.kind === 'dock' ? t('access.audit.items.dockFor', { model }) : model,
        amount: show('amount', item.unitAmount),
        billing: t(`access.audit.items.billing.${String(item.billing)}`, {
          defaultValue: String(item.billing),
        }),
      });
    }
    if ('siteId' in item) {
      const roles = Array.isArray(item.roles) ? roleNames(item.roles) : '';
      return roles ? `${siteName(item.siteId)}: ${roles}` : siteName(item.siteId);
    }
    const value =
      typeof item.percent === 'number'
        ? show('percent', item.percent)
        : typeof item.amount === 'number'
          ? show('amount', item.amount)
          : undefined;
    if (value === undefined)
      return auditLeaves(item)
        .filter(({ path }) => !isHidden(path))
        .map(({ path, value: field }) => `${label(fieldKey(path))} ${show(fieldKey(path), field)}`)
        .join(', ');
    const terms = [
      value,
      listKey === 'monthlyFees' ? t('access.audit.items.perMonth') : undefined,
      typeof item.durationMonths === 'number'
        ? t('access.audit.items.forMonths', { count: item.durationMonths })
        : undefined,
      typeof item.startsOn === 'string'
        ? t('access.audit.items.from', { date: show('startsOn', item.startsOn) })
        : undefined,
      typeof item.endsOn === 'string'
        ? t('access.audit.items.until', { date: show('endsOn', item.endsOn) })
        : undefined,
    ]
      .filter((term) => term !== undefined)
      .join(' ');
    return typeof item.description === 'string' && item.description !== ''
      ? `${item.description}: ${terms}`
      : terms;
  };

  function show(key: string, value: unknown): string {
    if (value === null || value === undefined || value === '') return '—';
    if (typeof value === 'boolean') return value ? t('access.audit.yes') : t('access.audit.no');
    if (typeof value === 'number') {
      if (key.endsWith('Percent') || key === 'percent') return `${percent.format(value)} %`;
      if (MONEY.has(key)) return formatMoney({ amount: value, currency }, locale);
      return number.format(value);
    }
    if (Array.isArray(value)) {
      if (key === 'companyRoles') return roleNames(value) || '—';
      if (value.every((item) => item === null || typeof item !== 'object')) return value.join(', ') || '—';
      return value
        .map((item) =>
          item !== null && typeof item === 'object'
            ? phrase(key, item as Record<string, unknown>)
            : show(key, item),
        )
        .join('; ');
    }
    if (typeof value === 'object') return phrase(key, value as Record<string, unknown>) || '—';
    if (typeof value === 'string' && INSTANT.test(value) && !Number.isNaN(Date.parse(value)))
      return formatDate(value, locale, timeZone, 'dateTime');
    // A calendar day has no zone: read and shown in UTC, so it is the same day everywhere.
    if (typeof value === 'string' && DAY.test(value) && !Number.isNaN(Date.parse(value)))
      return formatDate(`${value}T00:00:00Z`, locale, 'UTC', 'date');
    return String(value);
  }

  const parse = (text: string): unknown => (text === '—' ? undefined : JSON.parse(text));
  const changes = auditChanges(entry.before, entry.after);
  if (changes.length > 0 || (entry.before != null && entry.after != null)) {
    return inReadingOrder(changes)
      .filter((change) => !isHidden(change.path))
      .flatMap((change) => {
        const key = fieldKey(change.path);
        const before = show(key, parse(change.before));
        const after = show(key, parse(change.after));
        // A section that was null and now has fields (a merchant's first rates): its fields say so, "— → —" not.
        return before === '—' && after === '—'
          ? []
          : [{ key: change.path, label: label(key), before, after }];
      });
  }
  // Only one side (an invitation, a search, a removal): what it recorded, field by field (a site's address line
  // by line).
  const recorded = entry.after ?? entry.before;
  if (recorded === null || typeof recorded !== 'object') return [];
  return inReadingOrder(auditLeaves(recorded))
    .filter(({ path }) => !isHidden(path))
    .map(({ path, value }) => {
      const key = fieldKey(path);
      return { key: path, label: label(key), after: show(key, value) };
    });
}
