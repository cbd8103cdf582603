import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenantDb } from '../src/access/tenant-db.ts';
import { createLocalFileStorage, type LocalFileStorage } from '../src/adapters/storage/local-file-storage.ts';
import { fixedClock } from '../src/clock.ts';
import { devices, sites, transactions } from '../src/db/schema/index.ts';
import {
  canCopyReport,
  csvRecordCounter,
  transactionsReportCopy,
} from '../src/modules/reports/report-copy.ts';
import { transactionsFilter } from '../src/modules/reports/report-csv.ts';
import { generateReport, reportFileKey } from '../src/modules/reports/report-jobs.ts';
import { reportsRepository } from '../src/modules/reports/repository.ts';
import { type AccessWorld, createAccessWorld } from './access-fixtures.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';

// Issue 12 §5: on PostgreSQL a transactions report is written by `COPY (…) TO STDOUT` with the formatting done
// in SQL (report-copy.ts). The file must be byte for byte what the cursor path (keyset batches → safe-csv)
// writes, whatever the cells hold: formula-like names, quotes, commas, line breaks, empty texts, currencies of
// 0, 2 and 3 decimals, times across a daylight-saving change. PGlite has no COPY to a client; there the same
// COPY statement is run into PGlite's '/dev/blob' and compared with the cursor path's file.
describe('transactions report through COPY', () => {
  let t: TestApp;
  let w: AccessWorld;
  let storage: LocalFileStorage;
  const clock = fixedClock(new Date('2026-04-02T12:00:00Z'));
  const quiet = { warn: () => {}, error: () => {} };
  const from = '2026-03-27';
  const to = '2026-03-31';
  const expectedRows = 1207;

  /** Cells a spreadsheet or a CSV reader could trip on; every one must come out as the safe-csv writer writes it. */
  const awkward = [
    '=HYPERLINK("http://x","y")',
    '+44 20 7946 0000',
    '-12.50',
    '-abc',
    '@SUM(A1)',
    '\tTabbed',
    '\rReturn',
    'a,b',
    'say "hi"',
    'two\nlines',
    'cr\rinside',
    '',
    '\\.',
    'Café ünïcode …',
    '+1',
    '=1+1',
    '-',
    '  spaced  ',
  ];

  const reportFile = async (reportId: string) => {
    const tenantDb = createTenantDb(t.app.database);
    const row = await tenantDb.forMerchant(w.merchantA, (tx) =>
      reportsRepository.get(tx, w.merchantA, reportId),
    );
    expect(row?.state, row?.error ?? '').toBe('READY');
    return { row, bytes: await readFile(join(storage.root, reportFileKey(w.merchantA, reportId))) };
  };
  const makeReport = async (exportPath: 'copy' | 'cursor', siteIds: string[] | null = null) => {
    const tenantDb = createTenantDb(t.app.database);
    const report = await tenantDb.forMerchant(w.merchantA, (tx) =>
      reportsRepository.insert(tx, {
        merchantId: w.merchantA,
        type: 'transactions',
        siteIds,
        params: { from, to },
      }),
    );
    await generateReport(
      { tenantDb, clock, storage, log: quiet, exportPath },
      { merchantId: w.merchantA, reportId: report.id },
    );
    return reportFile(report.id);
  };

  beforeAll(async () => {
    storage = createLocalFileStorage({ root: await mkdtemp(join(tmpdir(), 'report-copy-test-')) });
    t = await createTestApp({ clock, storage });
    w = await createAccessWorld(t.app, 'ReportCopy');
    const db = t.app.db;
    await db
      .update(sites)
      .set({ displayName: '=HYPERLINK("http://evil","site")' })
      .where(eq(sites.id, w.siteA1));
    await db.update(sites).set({ displayName: '' }).where(eq(sites.id, w.siteA2)); // the name shows instead
    const labelled = randomUUID();
    const unlabelled = randomUUID();
    await db.insert(devices).values([
      {
        merchantId: w.merchantA,
        id: labelled,
        siteId: w.siteA1,
        serial: `RC-${labelled}`,
        label: '@SUM(1)',
        model: 'with-printer',
      },
      {
        merchantId: w.merchantA,
        id: unlabelled,
        siteId: w.siteA2,
        serial: `-RC-${unlabelled}`,
        model: 'with-printer',
      },
    ]);
    const currencies = ['GBP', 'JPY', 'KWD', 'EUR'];
    const rows = Array.from({ length: expectedRows }, (_, i) => {
      const id = randomUUID();
      // 2026-03-27 00:00 London … 2026-03-31 23:59 London, through the change to BST on the 29th at 01:00 UTC;
      // some at the same instant (the id breaks the tie), some with microseconds.
      const at = new Date(Date.UTC(2026, 2, 27, 0, 0, 0) + Math.floor(i / 2) * 710_011 + (i % 3) * 0.5);
      return {
        merchantId: w.merchantA,
        id,
        siteId: i % 2 ? w.siteA1 : w.siteA2,
        deviceId: i % 5 === 0 ? null : i % 2 ? labelled : unlabelled,
        pspReference: i % 17 === 0 ? `=PSP${i}` : `RC${id.replaceAll('-', '').slice(0, 14).toUpperCase()}`,
        merchantReference: i % 4 === 3 ? null : (awkward[i % awkward.length] ?? null),
        amount: [0, 5, 1234, 99_999_999_999, 7][i % 5] ?? 0,
        tipAmount: i % 3,
        currency: currencies[i % currencies.length] ?? 'GBP',
        status: i % 7 === 0 ? 'pending' : 'captured',
        source: 'adyen-terminal',
        cardScheme: i % 6 === 0 ? null : 'visa',
        cardBin: i % 4 === 0 ? null : '476173',
        cardLastFour: i % 9 === 0 ? null : String(1000 + (i % 9000)),
        cardRegion: 'domestic',
        createdAt: at,
        updatedAt: at,
      } satisfies typeof transactions.$inferInsert;
    });
    for (let i = 0; i < rows.length; i += 400) await db.insert(transactions).values(rows.slice(i, i + 400));
    // Outside the range (London days), never in the file.
    await db.insert(transactions).values(
      ['2026-03-26T23:59:59.999Z', '2026-03-31T23:00:00Z'].map((instant) => ({
        merchantId: w.merchantA,
        siteId: w.siteA1,
        pspReference: `RCOUT${randomUUID().slice(0, 8)}`,
        amount: 1,
        currency: 'GBP',
        status: 'captured',
        source: 'adyen-terminal',
        createdAt: new Date(instant),
        updatedAt: new Date(instant),
      })),
    );
  });
  afterAll(() => t.close());

  it('writes the same bytes as the cursor path, with as many rows as the transactions list', async () => {
    const cursor = await makeReport('cursor');
    const copied = await makeReport('copy');
    expect(
      canCopyReport(createTenantDb(t.app.database), { type: 'transactions', params: { from, to } }),
    ).toBe(t.app.database.kind === 'postgres');
    expect(copied.bytes.equals(cursor.bytes)).toBe(true);

    const list = await t.app.inject({
      method: 'GET',
      url: `/api/v1/merchants/${w.merchantA}/transactions?from=${from}&to=${to}&includeTotals=true`,
      headers: w.headers('ownerA'),
    });
    expect(list.statusCode, list.body).toBe(200);
    const listed = (list.json().totals as { count: number }[]).reduce((sum, row) => sum + row.count, 0);
    expect(listed).toBe(expectedRows);
    expect(copied.row?.rowCount).toBe(expectedRows);
    expect(cursor.row?.rowCount).toBe(expectedRows);
    expect(copied.row?.progress).toBe(100);

    const text = copied.bytes.toString('utf8');
    expect(text.startsWith('\uFEFF')).toBe(true);
    const [header, ...records] = parse(text.slice(1), { relax_column_count: false }) as string[][];
    expect(records).toHaveLength(expectedRows);
    expect(header?.[2]).toBe('Created (Europe/London)');
    const cells = new Set(records.flat());
    // The formula guard, and the plain signed number it leaves alone.
    expect(cells).toContain('\'=HYPERLINK("http://evil","site")');
    expect(cells).toContain("'@SUM(1)");
    expect(cells).toContain("'\tTabbed");
    expect(cells).toContain("'-abc");
    expect(cells).toContain('-12.50');
    expect(cells).toContain('+1');
    expect(cells).toContain('two\nlines');
    expect(cells).toContain('999999999.99'); // GBP
    expect(cells).toContain('99999999999'); // JPY: no decimals
    expect(cells).toContain('99999999.999'); // KWD: three
    expect(cells).toContain('0.05');
    // Before and after the clocks went forward (01:00 UTC on 29 March: 00:59:59 GMT, then 02:00 BST).
    expect(records.some((record) => record[2]?.startsWith('2026-03-29 00:'))).toBe(true);
    expect(records.some((record) => record[2]?.startsWith('2026-03-29 01:'))).toBe(false);
    expect(records.some((record) => record[2]?.startsWith('2026-03-29 02:'))).toBe(true);
  });

  it('writes one site the same way through both paths', async () => {
    const cursor = await makeReport('cursor', [w.siteA2]);
    const copied = await makeReport('copy', [w.siteA2]);
    expect(copied.bytes.equals(cursor.bytes)).toBe(true);
    expect(copied.row?.rowCount).toBe(Math.ceil(expectedRows / 2));
  });

  it('makes the same CSV records in SQL as in Node (PGlite: COPY into /dev/blob)', async () => {
    const cursor = await makeReport('cursor');
    const database = t.app.database;
    const filter = transactionsFilter({
      merchantId: w.merchantA,
      type: 'transactions',
      timeZone: 'Europe/London',
      siteIds: null,
      params: { from, to },
    });
    const statement = transactionsReportCopy(filter, 'Europe/London', ['EUR', 'GBP', 'JPY', 'KWD']);
    let body: Buffer;
    if ('pglite' in database.jobConnection) {
      // COPY TO a file needs the owning role: this reads as the owner, filtered by the statement's own WHERE.
      const result = await database.jobConnection.pglite.query(
        statement.replace('to stdout', "to '/dev/blob'"),
      );
      body = Buffer.from(await (result.blob as Blob).arrayBuffer());
    } else {
      const copyForMerchant = createTenantDb(database).copyForMerchant;
      if (!copyForMerchant) throw new Error('PostgreSQL has COPY');
      body = await copyForMerchant(w.merchantA, { snapshot: false }, async (_tx, copyOut) => {
        const chunks: Buffer[] = [];
        for await (const chunk of copyOut(statement)) chunks.push(chunk as Buffer);
        return Buffer.concat(chunks);
      });
    }
    const headerEnd = cursor.bytes.indexOf(10) + 1;
    expect(body.equals(cursor.bytes.subarray(headerEnd))).toBe(true);
  });

  it('runs the COPY under the merchant’s row-level security (another merchant’s rows are not there)', async (context) => {
    const copyForMerchant = createTenantDb(t.app.database).copyForMerchant;
    if (!copyForMerchant) return context.skip();
    const count = await copyForMerchant(w.merchantB, { snapshot: false }, async (_tx, copyOut) => {
      const copy = copyOut(
        `copy (select id from transactions where merchant_id = '${w.merchantA}') to stdout`,
      );
      for await (const _chunk of copy);
      return copy.rowCount;
    });
    expect(count).toBe(0);
  });

  it('fails cleanly when the file store fails before reading the COPY: the connection is dropped, nothing crashes', async (context) => {
    const copyForMerchant = createTenantDb(t.app.database).copyForMerchant;
    if (!copyForMerchant) return context.skip();
    const uncaught: unknown[] = [];
    const record = (error: unknown) => uncaught.push(error);
    process.on('uncaughtException', record);
    try {
      // The store refuses the upload before it reads a byte: the transaction is rolled back and its connection
      // dropped while the COPY stream, never read, is still open on it.
      await expect(
        copyForMerchant(w.merchantA, { snapshot: true }, async (_tx, copyOut) => {
          copyOut(`copy (select id from transactions where merchant_id = '${w.merchantA}') to stdout`);
          throw new Error('file store unavailable');
        }),
      ).rejects.toThrow('file store unavailable');
      // Give the dropped connection's stream time to report its end.
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(uncaught).toEqual([]);
      // The pool still serves.
      const list = await t.app.inject({
        method: 'GET',
        url: `/api/v1/merchants/${w.merchantA}/transactions?from=${from}&to=${to}`,
        headers: w.headers('ownerA'),
      });
      expect(list.statusCode).toBe(200);
    } finally {
      process.off('uncaughtException', record);
    }
  });

  it('counts CSV records as the bytes pass, whatever the chunks cut', () => {
    const csv = Buffer.from('a,"b\nc",d\n"x""\n",y\nplain,row\n"",\n');
    for (const size of [1, 2, 3, 5, 7, 64]) {
      const count = csvRecordCounter();
      let records = 0;
      for (let at = 0; at < csv.length; at += size) records += count(csv.subarray(at, at + size));
      expect(records).toBe(4);
    }
  });
});
