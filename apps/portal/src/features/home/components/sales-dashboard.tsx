import {
  Alert,
  Box,
  Group,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Money } from '../../../components/money.tsx';
import { StatCard } from '../../../components/stat-card.tsx';
import { useSeen } from '../../../lib/dom/use-seen.ts';
import { formatMoney } from '../../../lib/format/money.ts';
import { numberFormat } from '../../../lib/format/numbers.ts';
import { currentLocale } from '../../../lib/i18n/i18n.ts';
import { type DashboardCurrency, useTransactionDashboard } from '../api/get-transaction-dashboard.ts';

// The chart's chunk (recharts, ~420 KB raw) loads, and the chart renders, when a quarter of its frame is on screen:
// on a phone the frame starts at the first screen's bottom edge (its top 30 px show, under the cookie dialog on a
// first visit), and recharts' render was the longest task of the home's first visit (0.7–2 s at Lighthouse's 4×
// CPU slowdown: total blocking time, issue 16 §2). Until then the frame holds a skeleton of the chart's height, so
// nothing moves when it comes. On a desktop the chart is in the first screen and renders at once, as before.
const SalesBars = lazy(() => import('./sales-bars.tsx'));
/** The bars and their legend, in px: the frame keeps this height while the chart's chunk loads (no layout shift). */
const CHART_HEIGHT = 300;

// The day formatter is made once per language: making one costs far more than using it, and the chart formats 30
// days on every render (the home's own code was the top of its CPU profile, issue 16 §2).
const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** A calendar day (YYYY-MM-DD) as "23 Nov" in the user's language (the day is already the merchant's). */
function shortDay(day: string, locale: string): string {
  let format = dayFormats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', timeZone: 'UTC' });
    dayFormats.set(locale, format);
  }
  return format.format(new Date(`${day}T00:00:00Z`));
}

/** Axis ticks: "£1.2K", short enough for a phone's width. */
function compactMoney(amount: number, currency: string, locale: string): string {
  const digits = numberFormat(locale, { style: 'currency', currency }).resolvedOptions()
    .maximumFractionDigits;
  return numberFormat(locale, {
    style: 'currency',
    currency,
    notation: 'compact',
    maximumFractionDigits: 1,
  }).format(amount / 10 ** (digits ?? 2));
}

/**
 * Home (issue 11 §4): sales per day over the last 30 days — captured and refunded — as a bar chart, and the count
 * and captured amount per payment source, one currency at a time (amounts of different currencies are never added;
 * a switch shows when the merchant took more than one). Every figure from the API, narrowed to the user's sites.
 */
export function SalesDashboard({ merchantId }: { merchantId: string }) {
  const { t } = useTranslation();
  const dashboard = useTransactionDashboard(merchantId);
  const [chosen, setChosen] = useState<string | null>(null);
  const currencies = dashboard.data?.currencies ?? [];
  const current = currencies.find((c) => c.currency === chosen) ?? currencies[0];
  const salesId = 'sales-per-day-title';
  const sourcesId = 'by-source-title';

  return (
    <>
      <Stack component="section" aria-labelledby={salesId} gap="sm">
        <Group justify="space-between" align="flex-end" wrap="wrap" gap="xs">
          <div>
            <Title order={2} size="h4" id={salesId}>
              {t('dashboard.salesTitle')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('dashboard.salesDescription')}
            </Text>
          </div>
          {currencies.length > 1 && current && (
            <SegmentedControl
              aria-label={t('dashboard.currency')}
              size="xs"
              value={current.currency}
              onChange={setChosen}
              data={currencies.map((c) => c.currency)}
            />
          )}
        </Group>
        {dashboard.isError ? (
          <Alert color="red" variant="light">
            {t('dashboard.loadFailed')}
          </Alert>
        ) : current && dashboard.data ? (
          <SalesChart currency={current} from={dashboard.data.startDate} to={dashboard.data.endDate} />
        ) : (
          <Skeleton height={280} radius="md" />
        )}
      </Stack>
      {!dashboard.isError && (
        <Stack component="section" aria-labelledby={sourcesId} gap="sm">
          <Title order={2} size="h4" id={sourcesId}>
            {t('dashboard.bySourceTitle')}
            {currencies.length > 1 && current ? ` (${current.currency})` : ''}
          </Title>
          <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md" aria-busy={dashboard.isPending || undefined}>
            {(current?.bySource ?? PENDING_SOURCES).map((row) => (
              <StatCard
                key={row.source}
                label={t(`transactions.sources.${row.source}`)}
                loading={!current}
                value={
                  current ? (
                    <Money value={{ amount: row.capturedAmount, currency: current.currency }} />
                  ) : null
                }
                hint={current ? t('dashboard.sourceCount', { count: row.count }) : undefined}
              />
            ))}
          </SimpleGrid>
        </Stack>
      )}
    </>
  );
}

const PENDING_SOURCES = (['adyen-terminal', 'pay-by-link', 'tap-to-pay'] as const).map((source) => ({
  source,
  count: 0,
  capturedAmount: 0,
}));

function SalesChart({ currency, from, to }: { currency: DashboardCurrency; from: string; to: string }) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const money = (amount: number) => formatMoney({ amount, currency: currency.currency }, locale);
  const data = currency.days.map((day) => ({
    day: shortDay(day.day, locale),
    captured: day.capturedAmount,
    refunded: day.refundedAmount,
  }));
  const captured = currency.days.reduce((sum, day) => sum + day.capturedAmount, 0);
  const refunded = currency.days.reduce((sum, day) => sum + day.refundedAmount, 0);
  const [frame, seen] = useSeen<HTMLDivElement>(0.25);
  const placeholder = <Skeleton height={CHART_HEIGHT} radius="sm" />;
  return (
    <Paper withBorder radius="md" p="md">
      {/* The bars for the eye; the sentence under them says the same for a screen reader. */}
      <Box ref={frame} aria-hidden data-testid="sales-chart" mih={CHART_HEIGHT}>
        {seen ? (
          <Suspense fallback={placeholder}>
            <SalesBars
              data={data}
              labels={{ captured: t('dashboard.captured'), refunded: t('dashboard.refunded') }}
              money={money}
              tick={(value) => compactMoney(value, currency.currency, locale)}
            />
          </Suspense>
        ) : (
          placeholder
        )}
      </Box>
      <Text size="sm" c="dimmed" mt="xs">
        {t('dashboard.chartSummary', {
          currency: currency.currency,
          captured: money(captured),
          refunded: money(refunded),
          from: shortDay(from, locale),
          to: shortDay(to, locale),
        })}
      </Text>
    </Paper>
  );
}
