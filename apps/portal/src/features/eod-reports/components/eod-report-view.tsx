import { Alert, Button, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DateTime } from '../../../components/date-time.tsx';
import { LoadingIndicator } from '../../../components/loading-indicator.tsx';
import { Money } from '../../../components/money.tsx';
import { StatCard } from '../../../components/stat-card.tsx';
import { formatCount } from '../../../lib/format/numbers.ts';
import { currentLocale } from '../../../lib/i18n/i18n.ts';
import type { EodReport, EodTotals } from '../api/eod-reports.ts';
import { EodTexts } from '../eod-texts.tsx';

export type EodFileFormat = 'pdf' | 'csv';

interface EodReportViewProps {
  report: EodReport;
  /** Offers the PDF and CSV downloads when given. */
  onDownload?: (format: EodFileFormat) => void;
  /** The format being downloaded, to show its button busy. */
  downloading?: EodFileFormat | null;
}

/** A calendar day is shown as the day itself, not converted to another zone. */
const calendarDay = (day: string) => <DateTime value={`${day}T12:00:00Z`} format="date" timeZone="UTC" />;

function FigureTable({ label, head, rows }: { label: string; head: ReactNode[]; rows: ReactNode[][] }) {
  return (
    <Table.ScrollContainer minWidth={420}>
      <Table striped withTableBorder aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            {head.map((cell, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: fixed columns
              <Table.Th key={index} ta={index === 0 ? undefined : 'right'}>
                {cell}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row, rowIndex) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows are derived in a stable order
            <Table.Tr key={rowIndex}>
              {row.map((cell, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: fixed columns
                <Table.Td key={index} ta={index === 0 ? undefined : 'right'}>
                  {cell}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/**
 * One end-of-day report (issue 12 §4): the site's trading day with its window, the totals (sales, tips, refunds,
 * declines, net) per currency, then by source, card scheme and device, and the first and last transaction.
 * It takes the report as GET …/eod-reports/{id} returns it and needs no route, so the portal's /eod-reports and
 * the companion app's /native-app/eod-reports show the same view. It loads its own texts (EodTexts).
 */
export function EodReportView(props: EodReportViewProps) {
  return (
    <EodTexts>
      <EodReportBody {...props} />
    </EodTexts>
  );
}

function EodReportBody({ report, onDownload, downloading = null }: EodReportViewProps) {
  const { t } = useTranslation();
  return (
    <Stack gap="lg" data-testid="eod-report-view">
      <Stack gap={4}>
        <Title order={2} size="h3">
          {report.siteName} · {calendarDay(report.tradingDay)}
        </Title>
        {report.windowStart && report.windowEnd && (
          <Text size="sm" c="dimmed">
            <WindowText start={report.windowStart} end={report.windowEnd} timeZone={report.timeZone} />
          </Text>
        )}
        {report.generatedAt && (
          <Text size="sm" c="dimmed">
            <GeneratedText at={report.generatedAt} timeZone={report.timeZone} />
          </Text>
        )}
      </Stack>
      {onDownload && report.state === 'READY' && (
        <Group gap="sm">
          <Button variant="default" loading={downloading === 'pdf'} onClick={() => onDownload('pdf')}>
            {t('eodReports.view.downloadPdf')}
          </Button>
          <Button variant="default" loading={downloading === 'csv'} onClick={() => onDownload('csv')}>
            {t('eodReports.view.downloadCsv')}
          </Button>
        </Group>
      )}
      {(report.state === 'NEW' || report.state === 'PROCESSING') && (
        <Alert variant="light" color="blue" icon={<LoadingIndicator size="xs" decorative />} role="status">
          {t('eodReports.view.pending')}
        </Alert>
      )}
      {report.state === 'ERROR' && (
        <Alert variant="light" color="red" role="alert">
          {t('eodReports.view.failed', { reason: report.error ?? '' })}
        </Alert>
      )}
      {report.state === 'READY' && report.totals && <EodFigures report={report} totals={report.totals} />}
    </Stack>
  );
}

function WindowText({ start, end, timeZone }: { start: string; end: string; timeZone: string }) {
  const { t } = useTranslation();
  const [before, middle, after] = splitAround(
    t('eodReports.view.window', { start: '\u0000', end: '\u0001' }),
  );
  return (
    <>
      {before}
      <DateTime value={start} timeZone={timeZone} inherit />
      {middle}
      <DateTime value={end} timeZone={timeZone} inherit />
      {after}
    </>
  );
}

function GeneratedText({ at, timeZone }: { at: string; timeZone: string }) {
  const { t } = useTranslation();
  const [before, , after] = splitAround(t('eodReports.view.generated', { at: '\u0000' }));
  return (
    <>
      {before}
      <DateTime value={at} timeZone={timeZone} inherit />
      {after}
    </>
  );
}

/** Splits a translated sentence at the \u0000 and \u0001 placeholders, so dates can sit inside it as elements. */
function splitAround(text: string): [string, string, string] {
  const [before = '', rest = ''] = text.split('\u0000');
  const [middle = '', after = ''] = rest.includes('\u0001') ? rest.split('\u0001') : ['', rest];
  return [before, middle, after];
}

function EodFigures({ report, totals }: { report: EodReport; totals: EodTotals }) {
  const { t } = useTranslation();
  const money = (amount: number, currency: string) => <Money value={{ amount, currency }} />;
  const home = totals.currencies.find((row) => row.currency === report.currency) ?? totals.currencies[0];
  const currency = home?.currency ?? report.currency;
  const count = (value: number) => formatCount(value, currentLocale());
  const countHint = (value: number) => `${t('eodReports.view.count')}: ${count(value)}`;
  const source = (name: string) => t(`eodReports.view.sources.${name}`, { defaultValue: name });
  const transaction = (ref: EodTotals['firstTransaction']) =>
    ref ? (
      <Group gap="xs" wrap="wrap">
        <DateTime value={ref.at} timeZone={report.timeZone} size="sm" />
        <Text span size="sm" c="dimmed">
          {ref.pspReference}
        </Text>
        {money(ref.amount, ref.currency)}
      </Group>
    ) : (
      '—'
    );

  return (
    <Stack gap="lg">
      <SimpleGrid type="container" cols={{ base: 2, '700px': 3, '1000px': 5 }}>
        <StatCard
          label={t('eodReports.sales')}
          value={money(home?.sales.amount ?? 0, currency)}
          hint={countHint(home?.sales.count ?? 0)}
        />
        <StatCard
          label={t('eodReports.view.tips')}
          value={money(home?.tips.amount ?? 0, currency)}
          hint={countHint(home?.tips.count ?? 0)}
        />
        <StatCard
          label={t('eodReports.view.refunds')}
          value={money(home?.refunds.amount ?? 0, currency)}
          hint={countHint(home?.refunds.count ?? 0)}
        />
        <StatCard
          label={t('eodReports.view.declines')}
          value={money(home?.declines.amount ?? 0, currency)}
          hint={countHint(home?.declines.count ?? 0)}
        />
        <StatCard
          label={t('eodReports.net')}
          value={money(home?.net ?? 0, currency)}
          hint={`${t('eodReports.transactions')}: ${count(totals.transactionCount)}`}
        />
      </SimpleGrid>

      {totals.transactionCount === 0 && <Text c="dimmed">{t('eodReports.view.noTransactions')}</Text>}

      {totals.currencies.length > 1 && (
        <Stack gap="xs">
          <Title order={3} size="h4">
            {t('eodReports.view.totals')}
          </Title>
          <FigureTable
            label={t('eodReports.view.totals')}
            head={[
              t('eodReports.view.currency'),
              t('eodReports.sales'),
              t('eodReports.view.tips'),
              t('eodReports.view.refunds'),
              t('eodReports.view.declines'),
              t('eodReports.net'),
            ]}
            rows={totals.currencies.map((row) => [
              row.currency,
              money(row.sales.amount, row.currency),
              money(row.tips.amount, row.currency),
              money(row.refunds.amount, row.currency),
              money(row.declines.amount, row.currency),
              money(row.net, row.currency),
            ])}
          />
        </Stack>
      )}

      <SimpleGrid type="container" cols={{ base: 1, '900px': 2 }} spacing="lg">
        <Stack gap="xs">
          <Title order={3} size="h4">
            {t('eodReports.view.bySource')}
          </Title>
          <FigureTable
            label={t('eodReports.view.bySource')}
            head={['', t('eodReports.view.count'), t('eodReports.view.amount'), t('eodReports.view.tips')]}
            rows={totals.bySource.map((row) => [
              source(row.source),
              count(row.count),
              money(row.amount, row.currency),
              money(row.tips, row.currency),
            ])}
          />
        </Stack>
        <Stack gap="xs">
          <Title order={3} size="h4">
            {t('eodReports.view.byScheme')}
          </Title>
          <FigureTable
            label={t('eodReports.view.byScheme')}
            head={['', t('eodReports.view.count'), t('eodReports.view.amount')]}
            rows={totals.byScheme.map((row) => [
              <Text key="scheme" span inherit tt="capitalize">
                {row.scheme}
              </Text>,
              count(row.count),
              money(row.amount, row.currency),
            ])}
          />
        </Stack>
      </SimpleGrid>

      <Stack gap="xs">
        <Title order={3} size="h4">
          {t('eodReports.view.byDevice')}
        </Title>
        <FigureTable
          label={t('eodReports.view.byDevice')}
          head={[
            t('eodReports.view.device'),
            t('eodReports.sales'),
            t('eodReports.view.tips'),
            t('eodReports.view.refunds'),
            t('eodReports.view.declines'),
            t('eodReports.view.firstLast'),
          ]}
          rows={totals.byDevice.map((row) => [
            row.deviceId ? (row.label ?? row.serial ?? row.deviceId) : t('eodReports.view.noDevice'),
            <span key="sales">
              {count(row.sales.count)} · {money(row.sales.amount, row.currency)}
            </span>,
            money(row.tips.amount, row.currency),
            <span key="refunds">
              {count(row.refunds.count)} · {money(row.refunds.amount, row.currency)}
            </span>,
            count(row.declines.count),
            row.firstTransactionAt && row.lastTransactionAt ? (
              <Text key="times" span size="sm">
                <DateTime value={row.firstTransactionAt} timeZone={report.timeZone} inherit /> –{' '}
                <DateTime value={row.lastTransactionAt} timeZone={report.timeZone} inherit />
              </Text>
            ) : (
              '—'
            ),
          ])}
        />
      </Stack>

      <SimpleGrid type="container" cols={{ base: 1, '600px': 2 }}>
        <Stack gap={4}>
          <Text size="sm" c="dimmed" fw={500}>
            {t('eodReports.view.first')}
          </Text>
          {transaction(totals.firstTransaction)}
        </Stack>
        <Stack gap={4}>
          <Text size="sm" c="dimmed" fw={500}>
            {t('eodReports.view.last')}
          </Text>
          {transaction(totals.lastTransaction)}
        </Stack>
      </SimpleGrid>
    </Stack>
  );
}
