import { describe, expect, it } from 'vitest';
import { eodReportsEnGB } from './en-GB.ts';
import { eodReportsEsES } from './es-ES.ts';
import { eodReportsFrFR } from './fr-FR.ts';
import { eodReportsItIT } from './it-IT.ts';

// The eodReports texts load with their screens (features/eod-reports/eod-texts.tsx), outside the locale bundles
// locales.test.ts checks: the same rules here.
function keysOf(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => keysOf(child, prefix ? `${prefix}.${key}` : key));
}
const textAt = (resources: object, key: string) =>
  key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], resources);

const locales = {
  'en-GB': eodReportsEnGB,
  'es-ES': eodReportsEsES,
  'fr-FR': eodReportsFrFR,
  'it-IT': eodReportsItIT,
};

describe('end-of-day report texts', () => {
  it.each(Object.entries(locales))('%s has exactly the en-GB keys and no empty text', (_, resources) => {
    const keys = keysOf(resources).sort();
    expect(keys).toEqual(keysOf(eodReportsEnGB).sort());
    expect(keys.filter((key) => String(textAt(resources, key) ?? '').trim() === '')).toEqual([]);
  });
});
