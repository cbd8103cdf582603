import { LOCALES } from '@mp/domain/locales';
import { afterAll, describe, expect, it } from 'vitest';
import { loadFeatureTexts } from '../lib/i18n/feature-texts.tsx';
import { applyLocale, i18n, loadSignedInTexts } from '../lib/i18n/i18n.ts';
import { enGB } from './en-GB.ts';
import { eodReportsEnGB } from './eodReports/en-GB.ts';
import { eodReportsEsES } from './eodReports/es-ES.ts';
import { eodReportsFrFR } from './eodReports/fr-FR.ts';
import { eodReportsItIT } from './eodReports/it-IT.ts';
import { signedInEnGB } from './signed-in/en-GB.ts';

const eodReports = {
  'en-GB': eodReportsEnGB,
  'es-ES': eodReportsEsES,
  'fr-FR': eodReportsFrFR,
  'it-IT': eodReportsItIT,
};

function entries(value: unknown, prefix = ''): [string, string][] {
  if (typeof value !== 'object' || value === null) return [[prefix, String(value)]];
  return Object.entries(value).flatMap(([key, child]) => entries(child, prefix ? `${prefix}.${key}` : key));
}

// Every text that counts something, by its key as the screens ask for it (a plural family once, by its base).
const countKeys = [
  ...new Set(
    entries({ ...enGB, ...signedInEnGB, eodReports: eodReportsEnGB })
      .filter(([, text]) => /\{\{\s*count\b/.test(text))
      .map(([key]) => key.replace(/_(zero|one|two|few|many|other)$/, '')),
  ),
];

afterAll(async () => {
  await applyLocale('en-GB');
});

describe('counts in texts are written the user’s way', () => {
  it('finds the texts that count', () => {
    expect(countKeys).toEqual(
      expect.arrayContaining(['transactions.totalCount', 'billing.invoices.payments']),
    );
  });

  it.each(LOCALES)(
    '%s: 12345 reads 12,345 / 12 345 / 12.345 in every text that counts, and in a page summary',
    async (locale) => {
      await applyLocale(locale);
      await loadSignedInTexts();
      await loadFeatureTexts('companion');
      i18n.addResourceBundle(locale, 'translation', { eodReports: eodReports[locale] }, true, true);
      const grouped = new Intl.NumberFormat(locale).format(12345);
      expect(grouped).not.toBe('12345');

      const raw = [...countKeys, 'companion.eod.transactions']
        .map((key) => [key, i18n.t(key, { count: 12345 })] as const)
        .filter(([, text]) => !text.includes(grouped));
      expect(raw).toEqual([]);
      const summary = i18n.t('ui.table.pageSummary', { from: 12301, to: 12345, total: 12345 });
      expect(summary).toContain(`${new Intl.NumberFormat(locale).format(12301)}–${grouped} `);
      expect(summary.endsWith(` ${grouped}`)).toBe(true);
    },
  );
});
