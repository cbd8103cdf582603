import { SimpleGrid } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Money } from '../../../components/money.tsx';
import { StatCard } from '../../../components/stat-card.tsx';
import { formatMoney } from '../../../lib/format/money.ts';
import { currentLocale } from '../../../lib/i18n/i18n.ts';
import type { TransactionPage } from '../api/list-transactions.ts';

/** One card per currency over the whole filtered set: amounts of different currencies are never added. */
export function CurrencyTotals({ totals }: { totals: NonNullable<TransactionPage['totals']> }) {
  const { t } = useTranslation();
  if (totals.length === 0) return null;
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} aria-label={t('transactions.totals')} component="section">
      {totals.map((total) => (
        <StatCard
          key={total.currency}
          label={t('transactions.totalCount', { count: total.count })}
          value={
            <Money inherit value={{ amount: total.amount + total.tipAmount, currency: total.currency }} />
          }
          hint={t('transactions.tipsIncluded', {
            tips: formatMoney({ amount: total.tipAmount, currency: total.currency }, currentLocale()),
          })}
        />
      ))}
    </SimpleGrid>
  );
}
