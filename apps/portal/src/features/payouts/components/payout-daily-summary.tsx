import { Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DateTime } from '../../../components/date-time.tsx';
import { Money } from '../../../components/money.tsx';
import { formatCount } from '../../../lib/format/numbers.ts';
import { currentLocale } from '../../../lib/i18n/i18n.ts';
import type { PayoutDay } from '../api/get-payout.ts';

/**
 * Per trading day the payout takes along: gross, refunds, fees, net and count, with the totals. A day whose
 * balance was carried forward appears in the payout that finally paid it.
 */
export function PayoutDailySummary({ days, currency }: { days: PayoutDay[]; currency: string }) {
  const { t } = useTranslation();
  const money = (amount: number) => <Money value={{ amount, currency }} />;
  const count = (value: number) => formatCount(value, currentLocale());
  const total = (pick: (day: PayoutDay) => number) => days.reduce((sum, day) => sum + pick(day), 0);
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table striped withTableBorder aria-label={t('payouts.summary.title')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('payouts.summary.day')}</Table.Th>
            <Table.Th ta="right">{t('payouts.summary.gross')}</Table.Th>
            <Table.Th ta="right">{t('payouts.summary.refunds')}</Table.Th>
            <Table.Th ta="right">{t('payouts.summary.fees')}</Table.Th>
            <Table.Th ta="right">{t('payouts.summary.net')}</Table.Th>
            <Table.Th ta="right">{t('payouts.summary.count')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {days.map((day) => (
            <Table.Tr key={day.tradingDay}>
              <Table.Td>
                <DateTime value={`${day.tradingDay}T12:00:00Z`} format="date" timeZone="UTC" />
                {day.netAmount <= 0 && (
                  <Text size="xs" c="dimmed">
                    {t('payouts.summary.carried')}
                  </Text>
                )}
              </Table.Td>
              <Table.Td ta="right">{money(day.grossAmount)}</Table.Td>
              <Table.Td ta="right">{money(day.refundsAmount)}</Table.Td>
              <Table.Td ta="right">{money(-day.feesAmount)}</Table.Td>
              <Table.Td ta="right">{money(day.netAmount)}</Table.Td>
              <Table.Td ta="right">{count(day.transactionCount)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
        {days.length > 1 && (
          <Table.Tfoot>
            <Table.Tr>
              <Table.Td fw={600}>{t('payouts.summary.total')}</Table.Td>
              <Table.Td ta="right" fw={600}>
                {money(total((d) => d.grossAmount))}
              </Table.Td>
              <Table.Td ta="right" fw={600}>
                {money(total((d) => d.refundsAmount))}
              </Table.Td>
              <Table.Td ta="right" fw={600}>
                {money(-total((d) => d.feesAmount))}
              </Table.Td>
              <Table.Td ta="right" fw={600}>
                {money(total((d) => d.netAmount))}
              </Table.Td>
              <Table.Td ta="right" fw={600}>
                {count(total((d) => d.transactionCount))}
              </Table.Td>
            </Table.Tr>
          </Table.Tfoot>
        )}
      </Table>
    </Table.ScrollContainer>
  );
}
