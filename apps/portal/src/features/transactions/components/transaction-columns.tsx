import { Text } from '@mantine/core';
import type { TFunction } from 'i18next';
import type { DataTableColumn } from 'mantine-datatable';
import { DateTime } from '../../../components/date-time.tsx';
import { Money } from '../../../components/money.tsx';
import { StatusBadge } from '../../../components/status-badge.tsx';
import type { Transaction } from '../api/list-transactions.ts';

/** The transactions table's columns (issue 11 §2): time with zone, amount, tip, status, source, card, site, device. */
export function transactionColumns(t: TFunction): DataTableColumn<Transaction>[] {
  return [
    {
      accessor: 'createdAt',
      title: t('transactions.time'),
      render: (tx) => <DateTime value={tx.createdAt} />,
    },
    {
      accessor: 'amount',
      title: t('transactions.amount'),
      textAlign: 'right',
      noWrap: true,
      render: (tx) => <Money value={{ amount: tx.amount, currency: tx.currency }} />,
    },
    {
      accessor: 'tipAmount',
      title: t('transactions.tip'),
      textAlign: 'right',
      render: (tx) =>
        tx.tipAmount ? <Money value={{ amount: tx.tipAmount, currency: tx.currency }} /> : '—',
    },
    {
      accessor: 'status',
      title: t('transactions.status'),
      noWrap: true,
      render: (tx) => <StatusBadge family="transaction" status={tx.status} />,
    },
    {
      accessor: 'source',
      title: t('transactions.source'),
      render: (tx) => t(`transactions.sources.${tx.source}`),
    },
    {
      accessor: 'card',
      title: t('transactions.cardColumn'),
      render: (tx) =>
        tx.card.lastFour ? (
          <Text inherit style={{ whiteSpace: 'nowrap' }}>
            {`${tx.card.scheme ?? ''} •••• ${tx.card.lastFour}`.trim()}
          </Text>
        ) : (
          '—'
        ),
    },
    { accessor: 'siteName', title: t('transactions.site') },
    { accessor: 'deviceLabel', title: t('transactions.device'), render: (tx) => tx.deviceLabel ?? '—' },
    { accessor: 'pspReference', title: t('transactions.pspReference') },
  ];
}
