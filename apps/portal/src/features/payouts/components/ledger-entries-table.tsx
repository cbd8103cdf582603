import { Anchor } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DataTable } from '../../../components/data-table.tsx';
import { DateTime } from '../../../components/date-time.tsx';
import { Money } from '../../../components/money.tsx';
import { pathTo } from '../../../lib/paths.ts';
import type { LedgerEntry } from '../api/get-payout.ts';

/** Every entry of a payout, each linking back to its transaction. */
export function LedgerEntriesTable({
  entries,
  keyset,
}: {
  entries: LedgerEntry[];
  /** More entries than the first page: a "load more" at the foot (keyset pages of …/entries). */
  keyset?: { hasMore: boolean; loadingMore: boolean; onLoadMore(): void };
}) {
  const { t } = useTranslation();
  return (
    <DataTable<LedgerEntry>
      label={t('payouts.ledger.title')}
      idAccessor="id"
      records={entries}
      empty={{ text: t('payouts.ledger.none') }}
      {...(keyset ? { keyset } : {})}
      columns={[
        {
          accessor: 'occurredAt',
          title: t('payouts.ledger.time'),
          render: (e) => <DateTime value={e.occurredAt} />,
        },
        {
          accessor: 'type',
          title: t('payouts.ledger.type'),
          render: (e) => t(`payouts.ledger.types.${e.type}`),
        },
        {
          accessor: 'description',
          title: t('payouts.ledger.description'),
          render: (e) =>
            e.transactionId ? (
              <Anchor
                component={Link}
                to={pathTo('transactions', {}, { transaction: e.transactionId })}
                aria-label={`${t('payouts.ledger.openTransaction')}: ${e.description ?? ''}`}
              >
                {e.description}
              </Anchor>
            ) : (
              e.description
            ),
        },
        {
          accessor: 'amount',
          title: t('payouts.ledger.amount'),
          textAlign: 'right',
          render: (e) => <Money value={{ amount: e.amount, currency: e.currency }} signed />,
        },
      ]}
    />
  );
}
