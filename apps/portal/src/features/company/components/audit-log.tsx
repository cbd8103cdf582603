import { List, Stack, Text } from '@mantine/core';
import type { Locale } from '@mp/domain/locales';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/data-table.tsx';
import { DateTime } from '../../../components/date-time.tsx';
import { FilterBar } from '../../../components/filter-bar.tsx';
import { useUrlFilters } from '../../../components/use-url-filters.ts';
import { type AuditEntry, type AuditFilter, useAuditLog } from '../api/list-audit-log.ts';
import { readableChanges } from '../audit-readable.ts';

interface AuditLogProps {
  merchantId: string;
  timeZone: string;
  locale: Locale;
  /** ISO 4217: amounts an entry records without their currency are the merchant's. */
  currency: string;
  /** The merchant's users, for the person filter. */
  people: readonly { userId: string; label: string }[];
}

const MAX_CHANGES_SHOWN = 12;
const FILTERS = ['auditFrom', 'auditTo', 'auditPerson'] as const;

/** What the entry changed, one readable line each ("Domestic rate 1.20 % → 1.35 %"); never JSON. */
function AuditDetails({
  entry,
  locale,
  currency,
  timeZone,
}: {
  entry: AuditEntry;
  locale: Locale;
  currency: string;
  timeZone: string;
}) {
  const { t } = useTranslation();
  const changes = readableChanges(entry, t as never, locale, currency, timeZone);
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

/** Start of `date` (yyyy-mm-dd) or its end, as an instant in UTC; the API takes ISO instants. */
function instant(date: string | undefined, end: boolean): string | undefined {
  if (!date) return undefined;
  return new Date(`${date}T${end ? '23:59:59.999' : '00:00:00.000'}Z`).toISOString();
}

/**
 * The merchant's audit log (owners and staff): when (in the merchant's zone), who and as whom, what, the readable
 * changes, from where. Filters live in the URL; keyset "load more".
 */
export function AuditLog({ merchantId, timeZone, locale, currency, people }: AuditLogProps) {
  const { t } = useTranslation();
  const { values } = useUrlFilters(FILTERS);
  const from = instant(values.auditFrom, false);
  const to = instant(values.auditTo, true);
  const filter: AuditFilter = {
    ...(from ? { from } : {}),
    ...(to ? { to } : {}),
    ...(values.auditPerson ? { actorId: values.auditPerson } : {}),
  };
  const log = useAuditLog(merchantId, filter);
  return (
    <Stack gap="md">
      <FilterBar
        fields={[
          { type: 'date', name: 'auditFrom', label: t('access.audit.from') },
          { type: 'date', name: 'auditTo', label: t('access.audit.to') },
          {
            type: 'select',
            name: 'auditPerson',
            label: t('access.audit.person'),
            options: people.map((p) => ({ value: p.userId, label: p.label })),
          },
        ]}
      />
      <DataTable<AuditEntry>
        label={t('access.audit.title')}
        records={log.data?.pages.flatMap((page) => page.data)}
        idAccessor="id"
        error={log.error}
        onRetry={() => void log.refetch()}
        empty={{ text: t('access.audit.empty') }}
        keyset={{
          hasMore: log.hasNextPage,
          loadingMore: log.isFetchingNextPage,
          onLoadMore: () => void log.fetchNextPage(),
        }}
        columns={[
          {
            accessor: 'at',
            title: t('access.audit.at'),
            render: (entry) => <DateTime value={entry.at} timeZone={timeZone} format="dateTimeSeconds" />,
          },
          {
            accessor: 'actor',
            title: t('access.audit.who'),
            render: (entry) => (
              <Stack gap={0}>
                <Text inherit style={{ overflowWrap: 'anywhere' }}>
                  {entry.actor.email ?? '—'}
                </Text>
                <Text size="xs" c="dimmed">
                  {t(`access.audit.actingAsNames.${entry.actingAs}`, { defaultValue: entry.actingAs })}
                </Text>
              </Stack>
            ),
          },
          {
            accessor: 'action',
            title: t('access.audit.action'),
            render: (entry) =>
              t(`access.audit.actions.${entry.action.replaceAll('.', '_')}`, { defaultValue: entry.action }),
          },
          {
            accessor: 'details',
            title: t('access.audit.details'),
            width: '40%',
            render: (entry) => (
              <AuditDetails entry={entry} locale={locale} currency={currency} timeZone={timeZone} />
            ),
          },
          { accessor: 'ip', title: t('access.audit.ip'), render: (entry) => entry.ip ?? '—' },
        ]}
      />
    </Stack>
  );
}
