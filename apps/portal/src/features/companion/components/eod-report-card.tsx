import { Group, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Money } from '../../../components/money.tsx';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { formatDate } from '../../../lib/format/dates.ts';
import { currentLocale } from '../../../lib/i18n/i18n.ts';
import type { EodReport } from '../api/list-eod-reports.ts';

/** One end-of-day report as a phone shows it: site, trading day, state, and the day's net takings per currency. */
export function EodReportCard({ report }: { report: EodReport }) {
  const { t } = useTranslation();
  const day = formatDate(`${report.tradingDay}T00:00:00Z`, currentLocale(), 'UTC');
  return (
    <Paper withBorder radius="md" p="md" component="article" aria-label={`${report.siteName} ${day}`}>
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Text fw={600} truncate>
            {report.siteName}
          </Text>
          <StatusBadge family="report" status={report.state} />
        </Group>
        <Text size="sm" c="dimmed">
          {day}
        </Text>
        {report.totals?.currencies.map((line) => (
          <Group key={line.currency} justify="space-between" wrap="nowrap">
            <Text size="sm">
              {t('companion.eod.transactions', { count: report.totals?.transactionCount ?? 0 })}
            </Text>
            <Money value={{ amount: line.net, currency: line.currency }} fw={600} />
          </Group>
        ))}
      </Stack>
    </Paper>
  );
}
