import { LOCALES } from '@mp/domain/locales';
import { render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { TestProviders } from '../../../../test/render.tsx';
import { applyLocale } from '../../../lib/i18n/i18n.ts';
import type { EodReport } from '../api/eod-reports.ts';
import { EodTexts } from '../eod-texts.tsx';
import { EodReportView } from './eod-report-view.tsx';
import { EodReportsTable } from './eod-reports-table.tsx';

afterEach(async () => {
  await applyLocale('en-GB');
});

const figures = (count: number, amount: number) => ({ count, amount });

const report: EodReport = {
  id: '88888888-8888-4888-8888-888888888888',
  siteId: '66666666-6666-4666-8666-666666666666',
  siteName: 'Stadium',
  tradingDay: '2026-12-05',
  timeZone: 'Europe/Paris',
  windowStart: '2026-12-04T23:00:00Z',
  windowEnd: '2026-12-05T23:00:00Z',
  state: 'READY',
  origin: 'scheduled',
  currency: 'EUR',
  totals: {
    transactionCount: 14_000,
    currencies: [
      {
        currency: 'EUR',
        sales: figures(12_345, 9_000_000),
        tips: figures(1_200, 50_000),
        refunds: figures(1_001, -80_000),
        declines: figures(1_500, 70_000),
        net: 8_970_000,
      },
    ],
    bySource: [{ source: 'adyen-terminal', currency: 'EUR', count: 12_345, amount: 9_000_000, tips: 50_000 }],
    byScheme: [{ scheme: 'visa', currency: 'EUR', count: 12_345, amount: 9_000_000 }],
    byDevice: [
      {
        deviceId: '55555555-5555-4555-8555-555555555555',
        serial: 'S1F2-000158',
        label: 'Gate A',
        currency: 'EUR',
        sales: figures(12_345, 9_000_000),
        tips: figures(1_200, 50_000),
        refunds: figures(1_001, -80_000),
        declines: figures(1_500, 70_000),
        firstTransactionAt: '2026-12-05T08:00:00Z',
        lastTransactionAt: '2026-12-05T22:00:00Z',
      },
    ],
    firstTransaction: null,
    lastTransaction: null,
  },
  error: null,
  generatedAt: '2026-12-05T23:05:00Z',
  createdAt: '2026-12-05T23:05:00Z',
};

describe('end-of-day report view', () => {
  it.each(LOCALES)('%s: every count is written with the language’s digit grouping', async (locale) => {
    await applyLocale(locale);
    render(<EodReportView report={report} />, { wrapper: TestProviders });
    await screen.findByTestId('eod-report-view');
    // Testing Library matches against text whose spaces (fr-FR's narrow no-break space too) are plain spaces.
    const count = (value: number) => new Intl.NumberFormat(locale).format(value).replace(/\s/g, ' ');
    const view = screen.getByTestId('eod-report-view');
    // The cards' hints: "Count: 12,345", … and "Transactions: 14,000".
    for (const value of [12_345, 1_200, 1_001, 1_500, 14_000]) {
      expect(within(view).getAllByText(new RegExp(`: ${count(value)}$`)).length, `${value}`).toBeGreaterThan(
        0,
      );
    }
    // The tables: by source and by card scheme, then by device ("12,345 · €90,000.00", the declines).
    const [bySource, byScheme, byDevice] = screen.getAllByRole('table') as HTMLElement[];
    for (const table of [bySource, byScheme])
      expect(within(table as HTMLElement).getByText(count(12_345))).toBeTruthy();
    const device = within(byDevice as HTMLElement);
    expect(device.getByText(new RegExp(`^${count(12_345)} ·`))).toBeTruthy();
    expect(device.getByText(new RegExp(`^${count(1_001)} ·`))).toBeTruthy();
    expect(device.getByText(count(1_500))).toBeTruthy();
  });

  it.each(LOCALES)(
    '%s: the list writes a report’s transactions with the language’s digit grouping',
    async (locale) => {
      await applyLocale(locale);
      render(
        <EodTexts>
          <EodReportsTable
            records={[report]}
            fetching={false}
            error={null}
            onRetry={() => {}}
            keyset={{ hasMore: false, loadingMore: false, onLoadMore: () => {} }}
            onOpen={() => {}}
          />
        </EodTexts>,
        { wrapper: TestProviders },
      );
      const count = new Intl.NumberFormat(locale).format(14_000).replace(/\s/g, ' ');
      expect(await screen.findByText(count)).toBeInTheDocument();
    },
  );
});
