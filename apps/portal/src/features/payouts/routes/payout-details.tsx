import { Alert, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { DateTime } from '../../../components/date-time.tsx';
import { LoadingIndicator } from '../../../components/loading-indicator.tsx';
import { Money } from '../../../components/money.tsx';
import { Page } from '../../../components/page.tsx';
import { StatCard } from '../../../components/stat-card.tsx';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { apiErrorKey } from '../../../lib/api/api-error.ts';
import { formatCalendarDay } from '../../../lib/format/dates.ts';
import { currentLocale } from '../../../lib/i18n/i18n.ts';
import { useCurrentMerchant } from '../../../lib/merchant/current-merchant.ts';
import { usePayout, usePayoutEntryPages } from '../api/get-payout.ts';
import { LedgerEntriesTable } from '../components/ledger-entries-table.tsx';
import { PayoutDailySummary } from '../components/payout-daily-summary.tsx';

const calendarDay = (day: string) => <DateTime value={`${day}T12:00:00Z`} format="date" timeZone="UTC" />;

/** /payouts/{payoutId} (Payout_GetPayout): the payout ledger with its daily summary (SPEC §2.4). */
export default function PayoutDetailsScreen() {
  const { t } = useTranslation();
  const merchantId = useCurrentMerchant()?.merchantId ?? '';
  const { payoutId = '' } = useParams();
  const payout = usePayout(merchantId, payoutId);
  const data = payout.data;
  // A large day's ledger comes a page at a time: the detail holds the first, "load more" reads the next ones.
  const [wantMore, setWantMore] = useState(false);
  const more = usePayoutEntryPages(merchantId, payoutId, data?.entriesLastKey, wantMore);
  const entries = [...(data?.entries ?? []), ...(more.data?.pages.flatMap((page) => page.data) ?? [])];
  const hasMore = wantMore ? more.hasNextPage || more.isPending : Boolean(data?.entriesLastKey);
  return (
    <Page titleKey="routes.payout-details">
      {payout.isPending && <LoadingIndicator size="sm" label={t('access.loading')} />}
      {payout.error && (
        <Alert color="red" variant="light" role="alert">
          {t(apiErrorKey(payout.error, 'errors.generic', { NOT_FOUND: 'payouts.notFound' }))}
        </Alert>
      )}
      {data && (
        <Stack gap="lg">
          <Group gap="sm" wrap="wrap">
            <Text fw={600}>{data.siteName}</Text>
            <StatusBadge family="payout" status={data.status} />
            <Text c="dimmed" size="sm">
              {data.reference}
            </Text>
          </Group>
          {data.status === 'failed' && data.failureCode && (
            <Alert color="red" variant="light" role="alert">
              {t('payouts.failed', {
                reason: t(`payouts.failureReasons.${data.failureCode}`),
                date: data.retryOn ? formatCalendarDay(data.retryOn, currentLocale()) : '—',
              })}
            </Alert>
          )}
          <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
            <StatCard
              label={t('payouts.amount')}
              value={<Money value={{ amount: data.amount, currency: data.currency }} />}
            />
            <StatCard label={t('payouts.date')} value={calendarDay(data.payoutDate)} />
            <StatCard
              label={t('payouts.expectedArrival')}
              value={data.expectedArrival ? calendarDay(data.expectedArrival) : '—'}
            />
            <StatCard
              label={t('payouts.paidOn')}
              value={data.paidAt ? <DateTime value={data.paidAt} /> : '—'}
            />
          </SimpleGrid>
          <Text size="sm" c="dimmed">
            {t(`payouts.settlement.${data.settlementType}`)}
          </Text>
          <Title order={2} size="h3">
            {t('payouts.summary.title')}
          </Title>
          <PayoutDailySummary days={data.days} currency={data.currency} />
          <Title order={2} size="h3">
            {t('payouts.ledger.title')}
          </Title>
          <LedgerEntriesTable
            entries={entries}
            keyset={{
              hasMore,
              loadingMore: more.isFetching,
              onLoadMore: () => (wantMore ? void more.fetchNextPage() : setWantMore(true)),
            }}
          />
        </Stack>
      )}
    </Page>
  );
}
