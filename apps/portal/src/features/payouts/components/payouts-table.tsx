import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DataTable } from '../../../components/data-table.tsx';
import { DateTime } from '../../../components/date-time.tsx';
import { Money } from '../../../components/money.tsx';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { pathTo } from '../../../lib/paths.ts';
import type { Payout } from '../api/list-payouts.ts';

interface PayoutsTableProps {
  records: Payout[] | undefined;
  fetching: boolean;
  error: Error | null;
  onRetry(): void;
  keyset: { hasMore: boolean; loadingMore: boolean; onLoadMore(): void };
}

/** The payouts list: trading day, site, amount, status, expected arrival; a row opens the payout's ledger. */
export function PayoutsTable({ records, fetching, error, onRetry, keyset }: PayoutsTableProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  // A calendar day is shown as the day itself, not converted to another zone.
  const day = (value: string) => <DateTime value={`${value}T12:00:00Z`} format="date" timeZone="UTC" />;
  return (
    <DataTable<Payout>
      label={t('routes.payouts')}
      idAccessor="id"
      records={records}
      fetching={fetching}
      error={error}
      onRetry={onRetry}
      empty={{ text: t('payouts.none') }}
      onRowClick={(payout) => navigate(pathTo('payout-details', { payoutId: payout.id }))}
      keyset={keyset}
      columns={[
        { accessor: 'payoutDate', title: t('payouts.date'), render: (payout) => day(payout.payoutDate) },
        { accessor: 'siteName', title: t('payouts.site') },
        {
          accessor: 'amount',
          title: t('payouts.amount'),
          textAlign: 'right',
          render: (payout) => <Money value={{ amount: payout.amount, currency: payout.currency }} />,
        },
        {
          accessor: 'status',
          title: t('payouts.status'),
          render: (payout) => <StatusBadge family="payout" status={payout.status} />,
        },
        {
          accessor: 'expectedArrival',
          title: t('payouts.expectedArrival'),
          render: (payout) => (payout.expectedArrival ? day(payout.expectedArrival) : '—'),
        },
      ]}
    />
  );
}
