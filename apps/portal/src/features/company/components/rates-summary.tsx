import { Table, Text } from '@mantine/core';
import type { Locale } from '@mp/domain/locales';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../lib/format/money.ts';
import type { Rates } from '../api/get-rates.ts';

/** The merchant's rates, read-only (Company:GetRates). */
export function RatesSummary({ rates, locale }: { rates: Rates; locale: Locale }) {
  const { t } = useTranslation();
  const current = rates.current;
  if (!current) return <Text c="dimmed">{t('access.companySettings.noRates')}</Text>;
  const pct = (value: number) =>
    `${new Intl.NumberFormat(locale, { maximumFractionDigits: 4 }).format(value)} %`;
  const money = (amount: number) => formatMoney({ amount, currency: current.currency }, locale);
  const rows: [string, string][] = [
    [t('access.rates.domestic'), pct(current.domesticPercent)],
    [t('access.rates.eea'), pct(current.eeaPercent)],
    [t('access.rates.global'), pct(current.globalPercent)],
    [t('access.rates.amex'), pct(current.amexPercent)],
    [t('access.rates.other'), pct(current.otherPercent)],
    [t('access.rates.tapToPay'), pct(current.tapToPayPercent)],
    [t('access.rates.fixedFee'), money(current.fixedFee)],
    [t('access.rates.deviceRental'), money(current.deviceRentalMonthly)],
    [t('access.rates.settlementType'), t(`access.rates.settlementTypes.${current.settlementType}`)],
    [t('access.rates.contractEndDate'), current.contractEndDate ?? t('access.rates.none')],
    [t('access.rates.backfill'), current.backfill ? t('access.rates.yes') : t('access.rates.no')],
    [t('access.rates.effectiveFrom'), current.effectiveFrom],
    [
      t('access.rates.discounts'),
      rates.discounts.map((d) => `${d.description} (${pct(d.percent)})`).join(', ') || t('access.rates.none'),
    ],
    [
      t('access.rates.monthlyFees'),
      rates.monthlyFees.map((f) => `${f.description} (${money(f.amount)})`).join(', ') ||
        t('access.rates.none'),
    ],
    [
      t('access.rates.credits'),
      rates.credits.map((c) => `${c.description} (${money(c.amount)})`).join(', ') || t('access.rates.none'),
    ],
    [t('access.rates.feeDestination'), rates.feeDestination ?? t('access.rates.none')],
    [t('access.rates.dealReference'), rates.dealReference ?? t('access.rates.none')],
  ];
  return (
    <Table variant="vertical" withTableBorder maw={640} aria-label={t('access.companySettings.rates')}>
      <Table.Tbody>
        {rows.map(([label, value]) => (
          <Table.Tr key={label}>
            <Table.Th w={240}>{label}</Table.Th>
            <Table.Td>{value}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
