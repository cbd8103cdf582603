import { Alert, Card, Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../lib/format/money.ts';
import { currentLocale } from '../../../lib/i18n/i18n.ts';
import { useTransactionTotals } from '../api/get-transaction-totals.ts';

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={2}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="xl" fw={600}>
        {value}
      </Text>
    </Stack>
  );
}

/** Home: the merchant's last 30 days — number of transactions, captured, refunded and net, in their currency. */
export function Last30DaysCard({ merchantId }: { merchantId: string }) {
  const { t } = useTranslation();
  const totals = useTransactionTotals(merchantId);
  const locale = currentLocale();
  const titleId = 'last-30-days-title';
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby={titleId}>
      <Title order={2} size="h4" id={titleId} mb="md">
        {t('home.last30Days.title')}
      </Title>
      {totals.isPending ? (
        <Group>
          <Loader size="sm" aria-label={t('home.last30Days.loading')} />
        </Group>
      ) : totals.isError ? (
        <Alert color="red">{t('home.last30Days.loadFailed')}</Alert>
      ) : (
        <SimpleGrid cols={{ base: 2, sm: 4 }}>
          <Figure
            label={t('home.last30Days.transactions')}
            value={new Intl.NumberFormat(locale).format(totals.data.count)}
          />
          <Figure
            label={t('home.last30Days.captured')}
            value={formatMoney(
              { amount: totals.data.capturedAmount, currency: totals.data.currency },
              locale,
            )}
          />
          <Figure
            label={t('home.last30Days.refunded')}
            value={formatMoney(
              { amount: totals.data.refundedAmount, currency: totals.data.currency },
              locale,
            )}
          />
          <Figure
            label={t('home.last30Days.net')}
            value={formatMoney({ amount: totals.data.netAmount, currency: totals.data.currency }, locale)}
          />
        </SimpleGrid>
      )}
    </Card>
  );
}
