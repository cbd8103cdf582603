import { List, Stack, Text } from '@mantine/core';
import { ISO_DATE, parseIsoDate } from '@mp/domain/calendar';
import type { Locale } from '@mp/domain/locales';
import { addDays, zonedTimeToInstant } from '@mp/domain/trading-day';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { SiteSummary } from '../../lib/merchant/sites.ts';
import { DataTable } from '../data-table.tsx';
import { DateTime } from '../date-time.tsx';
import { FilterBar, type FilterField } from '../filter-bar.tsx';
import { useUrlFilters } from '../use-url-filters.ts';
import classes from './audit-log.module.css';
import { type AuditEntry, type AuditFilter, auditLogQueryOptions } from './audit-page.ts';
import { type AuditReadingContext, readableChanges } from './audit-readable.ts';

interface AuditLogProps {
  /** The log's route: a merchant's (`/v1/merchants/{id}/audit-log`) or staff's (`/v1/staff/audit-log`). */
  path: string;
  /** Names the table for screen readers (default "Audit log"). */
  label?: string;
  /** The zone "When" and instants in details are shown in: the merchant's, or the reader's for staff's log. */
  timeZone: string;
  locale: Locale;
  /** ISO 4217: amounts an entry records without their currency are the merchant's (none for staff's log). */
  currency?: string;
  /** The merchant's users, for the person filter (no person filter without them). */
  people?: readonly { userId: string; label: string }[];
  /** The merchant's sites, for the site roles a user's entry lists. */
  sites?: readonly SiteSummary[];
}

const MAX_CHANGES_SHOWN = 12;
const FILTERS = ['auditFrom', 'auditTo', 'auditPerson'] as const;

/** What the entry changed, one readable line each ("Domestic rate 1.20 % → 1.35 %"); never JSON. */
function AuditDetails({
  entry,
  locale,
  reading,
}: {
  entry: AuditEntry;
  locale: Locale;
  reading: AuditReadingContext;
}) {
  const { t } = useTranslation();
  const changes = readableChanges(entry, t as never, locale, reading);
  if (changes.length === 0) return null;
  return (
    <List size="sm" spacing={2} listStyleType="none" styles={{ root: { paddingInlineStart: 0 } }}>
      {changes.slice(0, MAX_CHANGES_SHOWN).map((change) => (
        <List.Item key={change.key}>
          <Text span fw={500} inherit>
            {change.label}
          </Text>{' '}
          {change.before !== undefined ? `${change.before} → ${change.after}` : change.after}
        </List.Item>
      ))}
      {changes.length > MAX_CHANGES_SHOWN && <List.Item>…</List.Item>}
    </List>
  );
}

/** Who acted (their email) and as whom (member, staff, staff override, the system). */
function Who({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation();
  return (
    <Stack gap={0}>
      <Text inherit style={{ overflowWrap: 'anywhere' }}>
        {entry.actor.email ?? '—'}
      </Text>
      <Text size="xs" c="dimmed">
        {t(`access.audit.actingAsNames.${entry.actingAs}`, { defaultValue: entry.actingAs })}
      </Text>
    </Stack>
  );
}

/** The columns shown from Mantine's sm breakpoint on; below it, one column holds the entry (audit-log.module.css). */
const WIDE = { titleClassName: classes.wide, cellsClassName: classes.wide };

/**
 * Start of `date` (yyyy-mm-dd) or its last millisecond in `timeZone` (the zone "When" is shown in), as an ISO
 * instant for the API: 1 April in Madrid starts at 22:00 UTC on 31 March, and a day of a clock change has 23 or
 * 25 hours.
 */
function instant(date: string | undefined, end: boolean, timeZone: string): string | undefined {
  if (!date || !ISO_DATE.test(date) || !parseIsoDate(date)) return undefined;
  if (!end) return zonedTimeToInstant(date, '00:00', timeZone).toISOString();
  return new Date(zonedTimeToInstant(addDays(date, 1), '00:00', timeZone).getTime() - 1).toISOString();
}

/**
 * An audit log (a merchant's, for owners and staff; staff's own on no merchant): when, who and as whom, what, the
 * readable changes, from where. Filters live in the URL; keyset "load more".
 */
export function AuditLog({ path, label, timeZone, locale, currency, people, sites }: AuditLogProps) {
  const { t } = useTranslation();
  const reading: AuditReadingContext = {
    timeZone,
    ...(currency ? { currency } : {}),
    ...(sites ? { sites } : {}),
  };
  const { values } = useUrlFilters(FILTERS);
  const from = instant(values.auditFrom, false, timeZone);
  const to = instant(values.auditTo, true, timeZone);
  const filter: AuditFilter = {
    ...(from ? { from } : {}),
    ...(to ? { to } : {}),
    ...(values.auditPerson ? { actorId: values.auditPerson } : {}),
  };
  const log = useInfiniteQuery(auditLogQueryOptions(path, filter));
  const fields: FilterField[] = [
    { type: 'date', name: 'auditFrom', label: t('access.audit.from') },
    { type: 'date', name: 'auditTo', label: t('access.audit.to') },
  ];
  if (people)
    fields.push({
      type: 'select',
      name: 'auditPerson',
      label: t('access.audit.person'),
      options: people.map((p) => ({ value: p.userId, label: p.label })),
    });
  const actionName = (entry: AuditEntry) =>
    t(`access.audit.actions.${entry.action.replaceAll('.', '_')}`, { defaultValue: entry.action });
  return (
    <Stack gap="md">
      <FilterBar fields={fields} />
      <DataTable<AuditEntry>
        label={label ?? t('access.audit.title')}
        records={log.data?.pages.flatMap((page) => page.data)}
        idAccessor="id"
        error={log.error}
        onRetry={() => void log.refetch()}
        empty={{ text: Object.keys(filter).length > 0 ? t('access.audit.empty') : t('access.audit.none') }}
        keyset={{
          hasMore: log.hasNextPage,
          loadingMore: log.isFetchingNextPage,
          onLoadMore: () => void log.fetchNextPage(),
        }}
        columns={[
          {
            accessor: 'entry',
            title: t('access.audit.entry'),
            titleClassName: classes.narrow,
            cellsClassName: classes.narrow,
            render: (entry) => (
              <Stack gap={4}>
                <Text inherit fw={600}>
                  {actionName(entry)}
                </Text>
                <Text size="sm" c="dimmed">
                  <DateTime value={entry.at} timeZone={timeZone} format="dateTimeSeconds" />
                </Text>
                <Who entry={entry} />
                <AuditDetails entry={entry} locale={locale} reading={reading} />
                {entry.ip && (
                  <Text size="xs" c="dimmed">
                    {t('access.audit.ip')} {entry.ip}
                  </Text>
                )}
              </Stack>
            ),
          },
          {
            accessor: 'at',
            title: t('access.audit.at'),
            ...WIDE,
            render: (entry) => <DateTime value={entry.at} timeZone={timeZone} format="dateTimeSeconds" />,
          },
          {
            accessor: 'actor',
            title: t('access.audit.who'),
            ...WIDE,
            render: (entry) => <Who entry={entry} />,
          },
          { accessor: 'action', title: t('access.audit.action'), ...WIDE, render: actionName },
          {
            accessor: 'details',
            title: t('access.audit.details'),
            width: '40%',
            ...WIDE,
            render: (entry) => <AuditDetails entry={entry} locale={locale} reading={reading} />,
          },
          { accessor: 'ip', title: t('access.audit.ip'), ...WIDE, render: (entry) => entry.ip ?? '—' },
        ]}
      />
    </Stack>
  );
}
