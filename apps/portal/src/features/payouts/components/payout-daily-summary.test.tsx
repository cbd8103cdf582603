import { LOCALES } from '@mp/domain/locales';
import { render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { TestProviders } from '../../../../test/render.tsx';
import { applyLocale, loadSignedInTexts } from '../../../lib/i18n/i18n.ts';
import type { PayoutDay } from '../api/get-payout.ts';
import { PayoutDailySummary } from './payout-daily-summary.tsx';

afterEach(async () => {
  await applyLocale('en-GB');
});

const day = (tradingDay: string, transactionCount: number): PayoutDay => ({
  tradingDay,
  windowStart: `${tradingDay}T00:00:00Z`,
  windowEnd: `${tradingDay}T23:59:59Z`,
  grossAmount: 100_000,
  refundsAmount: 0,
  feesAmount: 1_000,
  netAmount: 99_000,
  transactionCount,
});

describe('payout daily summary', () => {
  it.each(LOCALES)(
    '%s: transaction counts are written with the language’s digit grouping',
    async (locale) => {
      await applyLocale(locale);
      await loadSignedInTexts();
      render(
        <PayoutDailySummary currency="EUR" days={[day('2026-11-30', 12_345), day('2026-12-01', 1_000)]} />,
        {
          wrapper: TestProviders,
        },
      );
      // Testing Library matches against text whose spaces (fr-FR's narrow no-break space too) are plain spaces.
      const count = (value: number) => new Intl.NumberFormat(locale).format(value).replace(/\s/g, ' ');
      const rows = screen.getAllByRole('row');
      expect(within(rows[1] as HTMLElement).getByText(count(12_345))).toBeInTheDocument();
      // The totals row: 13,345 in en-GB, 13.345 in es-ES and it-IT, 13 345 in fr-FR.
      expect(within(rows.at(-1) as HTMLElement).getByText(count(13_345))).toBeInTheDocument();
    },
  );
});
