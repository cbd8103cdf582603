import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/data-table.tsx';
import { DateTime } from '../../../components/date-time.tsx';
import { Money } from '../../../components/money.tsx';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { formatCount } from '../../../lib/format/numbers.ts';
import { currentLocale } from '../../../lib/i18n/i18n.ts';
import type { EodReport } from '../api/eod-reports.ts';

interface EodReportsTableProps {
  records: EodReport[] | undefined;
  fetching: boolean;
  error: Error | null;
  onRetry(): void;
  keyset: { hasMore: boolean; loadingMore: boolean; onLoadMore(): void };
  onOpen(report: EodReport): void;
}

/** The end-of-day reports list: trading day, site, status, sales, net and transactions; a row opens the report. */
export function EodReportsTable({ records, fetching, error, onRetry, keyset, onOpen }: EodReportsTableProps) {
  const { t } = useTranslation();
  const home = (report: EodReport) =>
    report.totals?.currencies.find((row) => row.currency === report.currency) ?? report.totals?.currencies[0];
  return (
    <DataTable<EodReport>
      label={t('routes.eod-reports')}
      idAccessor="id"
      records={records}
      fetching={fetching}
      error={error}
      onRetry={onRetry}
      empty={{ text: t('eodReports.none') }}
      onRowClick={onOpen}
      keyset={keyset}
      columns={[
        {
          accessor: 'tradingDay',
          title: t('eodReports.tradingDay'),
          render: (report) => (
            <DateTime value={`${report.tradingDay}T12:00:00Z`} format="date" timeZone="UTC" />
          ),
        },
        { accessor: 'siteName', title: t('eodReports.site') },
        {
          accessor: 'state',
          title: t('eodReports.state'),
          render: (report) => <StatusBadge family="report" status={report.state} />,
        },
        {
          accessor: 'sales',
          title: t('eodReports.sales'),
          textAlign: 'right',
          render: (report) => {
            const row = home(report);
            return row ? <Money value={{ amount: row.sales.amount, currency: row.currency }} /> : '—';
          },
        },
        {
          accessor: 'net',
          title: t('eodReports.net'),
          textAlign: 'right',
          render: (report) => {
            const row = home(report);
            return row ? <Money value={{ amount: row.net, currency: row.currency }} /> : '—';
          },
        },
        {
          accessor: 'transactions',
          title: t('eodReports.transactions'),
          textAlign: 'right',
          render: (report) =>
            report.totals ? formatCount(report.totals.transactionCount, currentLocale()) : '—',
        },
        {
          accessor: 'origin',
          title: t('eodReports.origin'),
          render: (report) => t(`eodReports.origins.${report.origin}`),
        },
      ]}
    />
  );
}
