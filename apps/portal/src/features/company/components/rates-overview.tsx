import { SimpleGrid } from '@mantine/core';
import type { Locale } from '@mp/domain/locales';
import { useTranslation } from 'react-i18next';
import { DateTime } from '../../../components/date-time.tsx';
import { Money } from '../../../components/money.tsx';
import { StatCard } from '../../../components/stat-card.tsx';
import { formatRatePercent } from '../../../lib/format/numbers.ts';
import type { Rates } from '../api/get-rates.ts';

/**
 * The rates in effect at a glance, above the staff's rates form: the domestic rate, the fees and the day they
 * took effect, as stat cards (placeholders while `rates` is undefined). The form below edits the whole set.
 */
export function RatesOverview({ rates, locale }: { rates: Rates | undefined; locale: Locale }) {
  const { t } = useTranslation();
  const current = rates?.current;
  const loading = rates === undefined;
  const none = t('access.rates.none');
  const percent = (value: number) => formatRatePercent(value, locale);
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
      <StatCard
        label={t('access.rates.domestic')}
        loading={loading}
        value={current ? percent(current.domesticPercent) : none}
      />
      <StatCard
        label={t('access.rates.fixedFee')}
        loading={loading}
        value={current ? <Money value={{ amount: current.fixedFee, currency: current.currency }} /> : none}
      />
      <StatCard
        label={t('access.rates.deviceRental')}
        loading={loading}
        value={
          current ? (
            <Money value={{ amount: current.deviceRentalMonthly, currency: current.currency }} />
          ) : (
            none
          )
        }
      />
      <StatCard
        label={t('access.rates.effectiveFrom')}
        loading={loading}
        // A calendar day, not an instant: shown as the day it is, whatever the zone.
        value={current ? <DateTime value={current.effectiveFrom} format="date" timeZone="UTC" /> : none}
        hint={rates?.dealReference ? `${t('access.rates.dealReference')}: ${rates.dealReference}` : undefined}
      />
    </SimpleGrid>
  );
}
