import { Alert, SimpleGrid, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Money } from '../../../components/money.tsx';
import { StatCard } from '../../../components/stat-card.tsx';
import { numberFormat } from '../../../lib/format/numbers.ts';
import { currentLocale } from '../../../lib/i18n/i18n.ts';
import { useTransactionTotals } from '../api/get-transaction-totals.ts';

/**
 * Home: the merchant's last 30 days — number of transactions, captured, refunded and net, in their currency — as
 * four stat cards: one column on a phone, two on a small tablet, four from a laptop.
 */
export function Last30DaysCard({ merchantId }: { merchantId: string }) {
  const { t } = useTranslation();
  const totals = useTransactionTotals(merchantId);
  const titleId = 'last-30-days-title';
  const money = (amount: number) =>
    totals.data ? <Money value={{ amount, currency: totals.data.currency }} /> : null;
  return (
    <Stack component="section" aria-labelledby={titleId} gap="sm">
      <Title order={2} size="h4" id={titleId}>
        {t('home.last30Days.title')}
      </Title>
      {totals.isError ? (
        <Alert color="red" variant="light">
          {t('home.last30Days.loadFailed')}
        </Alert>
      ) : (
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md" aria-busy={totals.isPending || undefined}>
          <StatCard
            label={t('home.last30Days.transactions')}
            loading={totals.isPending}
            value={totals.data ? numberFormat(currentLocale()).format(totals.data.count) : null}
          />
          <StatCard
            label={t('home.last30Days.captured')}
            loading={totals.isPending}
            value={money(totals.data?.capturedAmount ?? 0)}
          />
          <StatCard
            label={t('home.last30Days.refunded')}
            loading={totals.isPending}
            value={money(totals.data?.refundedAmount ?? 0)}
          />
          <StatCard
            label={t('home.last30Days.net')}
            loading={totals.isPending}
            value={money(totals.data?.netAmount ?? 0)}
          />
        </SimpleGrid>
      )}
    </Stack>
  );
}
