import { LOCALES } from '@mp/domain/locales';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { TestProviders } from '../../../../test/render.tsx';
import { applyLocale, loadSignedInTexts } from '../../../lib/i18n/i18n.ts';
import type { Report } from '../api/list-reports.ts';
import { ReportsTable } from './reports-table.tsx';

afterEach(async () => {
  await applyLocale('en-GB');
});

/** Testing Library matches against text whose spaces (fr-FR's narrow no-break space too) are plain spaces. */
const asShown = (text: string) => text.replace(/\s/g, ' ');

const report: Report = {
  id: '99999999-9999-4999-8999-999999999999',
  type: 'transactions',
  state: 'READY',
  progress: 100,
  siteIds: null,
  from: '2026-11-01',
  to: '2026-11-30',
  pspReferences: null,
  payoutId: null,
  rowCount: 123_456,
  fileSizeBytes: 4_096,
  error: null,
  createdAt: '2026-12-01T09:00:00Z',
  completedAt: '2026-12-01T09:01:00Z',
};

describe('reports table', () => {
  // The browser's own language was used (toLocaleString()), not the one the user chose.
  it.each(LOCALES)('%s: a report’s row count is written in the chosen language', async (locale) => {
    await applyLocale(locale);
    await loadSignedInTexts();
    render(
      <ReportsTable
        records={[report]}
        sites={[]}
        loading={false}
        error={null}
        onRetry={() => {}}
        keyset={{ hasMore: false, loadingMore: false, onLoadMore: () => {} }}
        downloading={undefined}
        onDownload={() => {}}
      />,
      { wrapper: TestProviders },
    );
    expect(
      await screen.findByText(asShown(new Intl.NumberFormat(locale).format(123_456))),
    ).toBeInTheDocument();
  });
});
