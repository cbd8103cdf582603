import { Alert, Button, Code, Group, List, Loader, Select, Table, Text, TextInput } from '@mantine/core';
import type { Locale } from '@mp/domain/locales';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/format/dates.ts';
import { type AuditEntry, type AuditFilter, useAuditLog } from '../api/list-audit-log.ts';
import { auditChanges } from '../audit-changes.ts';

interface AuditLogProps {
  merchantId: string;
  timeZone: string;
  locale: Locale;
  /** The merchant's users, for the person filter. */
  people: readonly { userId: string; label: string }[];
}

const MAX_CHANGES_SHOWN = 12;

/** What the entry changed, value by value (before → after); else what it recorded. */
function AuditDetails({ entry }: { entry: AuditEntry }) {
  const changes = auditChanges(entry.before, entry.after);
  if (changes.length === 0)
    return entry.after === null ? null : <Code block>{JSON.stringify(entry.after).slice(0, 300)}</Code>;
  return (
    <List size="xs" spacing={2}>
      {changes.slice(0, MAX_CHANGES_SHOWN).map((change) => (
        <List.Item key={change.path}>
          <Code>{change.path}</Code>: {change.before} → {change.after}
        </List.Item>
      ))}
      {changes.length > MAX_CHANGES_SHOWN && <List.Item>…</List.Item>}
    </List>
  );
}

/** Start of `date` (yyyy-mm-dd) or its end, as an instant in UTC; the API takes ISO instants. */
function instant(date: string, end: boolean): string | undefined {
  if (!date) return undefined;
  return new Date(`${date}T${end ? '23:59:59.999' : '00:00:00.000'}Z`).toISOString();
}

/** The merchant's audit log (owners and staff): who, acting as whom, what, before and after, when, from where. */
export function AuditLog({ merchantId, timeZone, locale, people }: AuditLogProps) {
  const { t } = useTranslation();
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [actorId, setActorId] = useState<string | null>(null);
  const filter: AuditFilter = {
    ...(instant(from, false) ? { from: instant(from, false) } : {}),
    ...(instant(to, true) ? { to: instant(to, true) } : {}),
    ...(actorId ? { actorId } : {}),
  };
  const log = useAuditLog(merchantId, filter);
  const entries = log.data?.pages.flatMap((page) => page.data) ?? [];
  return (
    <>
      <Group align="flex-end">
        <TextInput
          type="date"
          label={t('access.audit.from')}
          value={from}
          onChange={(e) => setFrom(e.currentTarget.value)}
        />
        <TextInput
          type="date"
          label={t('access.audit.to')}
          value={to}
          onChange={(e) => setTo(e.currentTarget.value)}
        />
        <Select
          label={t('access.audit.person')}
          placeholder={t('access.audit.anyone')}
          clearable
          data={people.map((p) => ({ value: p.userId, label: p.label }))}
          value={actorId}
          onChange={setActorId}
        />
      </Group>
      {log.error && (
        <Alert color="red" variant="light" role="alert">
          {log.error.message}
        </Alert>
      )}
      {log.isPending && <Loader size="sm" aria-label={t('access.loading')} />}
      {log.isSuccess && entries.length === 0 && <Text c="dimmed">{t('access.audit.empty')}</Text>}
      {entries.length > 0 && (
        <Table withTableBorder striped aria-label={t('access.audit.title')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('access.audit.at')}</Table.Th>
              <Table.Th>{t('access.audit.who')}</Table.Th>
              <Table.Th>{t('access.audit.actingAs')}</Table.Th>
              <Table.Th>{t('access.audit.action')}</Table.Th>
              <Table.Th>{t('access.audit.details')}</Table.Th>
              <Table.Th>{t('access.audit.ip')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {entries.map((entry) => (
              <Table.Tr key={entry.id}>
                <Table.Td>{formatDate(entry.at, locale, timeZone, 'dateTimeSeconds')}</Table.Td>
                <Table.Td>{entry.actor.email ?? '—'}</Table.Td>
                <Table.Td>
                  {t(`access.audit.actingAsNames.${entry.actingAs}`, { defaultValue: entry.actingAs })}
                </Table.Td>
                <Table.Td>{entry.action}</Table.Td>
                <Table.Td>
                  <AuditDetails entry={entry} />
                </Table.Td>
                <Table.Td>{entry.ip ?? '—'}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {log.hasNextPage && (
        <Button
          variant="light"
          w="fit-content"
          loading={log.isFetchingNextPage}
          onClick={() => void log.fetchNextPage()}
        >
          {t('access.audit.loadMore')}
        </Button>
      )}
    </>
  );
}
