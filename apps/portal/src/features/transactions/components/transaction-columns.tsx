import type { Locale } from '@mp/domain/locales';
import type { TFunction } from 'i18next';
import type { DataTableColumn } from 'mantine-datatable';
import { dateTimeCell } from '../../../components/date-time.tsx';
import { MoneyCell } from '../../../components/money.tsx';
import { StatusBadgeLabelled } from '../../../components/status-badge.tsx';
import type { Transaction } from '../api/list-transactions.ts';
import classes from './transaction-columns.module.css';

/**
 * The transactions table's columns (issue 11 §2): time with zone, amount, tip, status, source, card, site, device.
 * A page holds 50 rows: the cells are plain elements with their formatters made here, once per list (issue 16 §2:
 * the first page's render was one task of 0.6–2.3 s on a phone), and the same text and classes as DateTime, Money
 * and StatusBadge show elsewhere.
 */
export function transactionColumns(
  t: TFunction,
  { locale, timeZone }: { locale: Locale; timeZone: string },
): DataTableColumn<Transaction>[] {
  const time = dateTimeCell(locale, timeZone, t('ui.dateTime.zone', { zone: timeZone }));
  return [
    {
      accessor: 'createdAt',
      title: t('transactions.time'),
      render: (tx) => time(tx.createdAt),
    },
    {
      accessor: 'amount',
      title: t('transactions.amount'),
      textAlign: 'right',
      noWrap: true,
      render: (tx) => <MoneyCell value={{ amount: tx.amount, currency: tx.currency }} />,
    },
    {
      accessor: 'tipAmount',
      title: t('transactions.tip'),
      textAlign: 'right',
      render: (tx) =>
        tx.tipAmount ? <MoneyCell value={{ amount: tx.tipAmount, currency: tx.currency }} /> : '—',
    },
    {
      accessor: 'status',
      title: t('transactions.status'),
      noWrap: true,
      render: (tx) => (
        <StatusBadgeLabelled
          family="transaction"
          status={tx.status}
          label={t(`ui.status.transaction.${tx.status}`)}
        />
      ),
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
          <span className={classes.card}>{`${tx.card.scheme ?? ''} •••• ${tx.card.lastFour}`.trim()}</span>
        ) : (
          '—'
        ),
    },
    { accessor: 'siteName', title: t('transactions.site') },
    { accessor: 'deviceLabel', title: t('transactions.device'), render: (tx) => tx.deviceLabel ?? '—' },
    { accessor: 'pspReference', title: t('transactions.pspReference') },
  ];
}
