import { Readable } from 'node:stream';
import { minorUnitsToDecimalString } from '@mp/domain/money';
import { addDays, zonedTimeToInstant } from '@mp/domain/trading-day';
import type { TenantDb } from '../../access/tenant-db.ts';
import { csvStream } from '../../csv/safe-csv.ts';
import { BANK_FAILURE_TEXTS, payoutFailureCode } from '../payouts/ledger-builder.ts';
import { type ListFilter, transactionsRepository } from '../transactions/repository.ts';
import { reportsRepository as repo } from './repository.ts';

/** Rows read per query: the export holds one batch at a time, whatever the report's size. */
export const REPORT_BATCH_SIZE = 1000;

export interface ReportSource {
  merchantId: string;
  type: string;
  timeZone: string;
  siteIds: readonly string[] | null;
  params: { from?: string; to?: string; pspReferences?: string[]; payoutId?: string };
}

/** A file being made: its rows in total (for progress) and the rows themselves, one batch in memory at a time. */
export interface ReportRows {
  header: string[];
  total: number;
  rows: AsyncIterable<(string | number | null)[]>;
}

/** "2026-03-10 09:00:00" in the merchant's time zone (the zone is named in the column header). */
function localTime(timeZone: string) {
  const format = new Intl.DateTimeFormat('sv-SE', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  });
  return (instant: Date | null) => (instant ? format.format(instant) : null);
}

const major = (amount: number, currency: string) => minorUnitsToDecimalString(amount, currency);

/** The columns of a transactions report (report-copy.ts writes the same cells in SQL). */
export const transactionsHeader = (timeZone: string) => [
  'PSP reference',
  'Merchant reference',
  `Created (${timeZone})`,
  'Site',
  'Device',
  'Status',
  'Source',
  'Card scheme',
  'Card',
  'Amount',
  'Tip',
  'Currency',
];

/** The transactions list's filter for a report's days (GET …/transactions?from&to&siteId). */
export function transactionsFilter(source: ReportSource): ListFilter {
  const { from, to } = source.params;
  if (!from || !to) throw new Error('a transactions report needs a date range or PSP references');
  return {
    merchantId: source.merchantId,
    from: zonedTimeToInstant(from, '00:00', source.timeZone),
    to: zonedTimeToInstant(addDays(to, 1), '00:00', source.timeZone),
    siteIds: source.siteIds ?? undefined,
  };
}

async function transactionRows(db: TenantDb, source: ReportSource): Promise<ReportRows> {
  const at = localTime(source.timeZone);
  const header = transactionsHeader(source.timeZone);
  const toCells = (row: Awaited<ReturnType<typeof transactionsRepository.one>> & object) => [
    row.pspReference,
    row.merchantReference,
    at(row.createdAt),
    row.siteName,
    row.deviceLabel,
    row.status,
    row.source,
    row.cardScheme,
    row.cardLastFour ? `${row.cardBin ?? ''}…${row.cardLastFour}` : null,
    major(row.amount, row.currency),
    major(row.tipAmount, row.currency),
    row.currency,
  ];
  const siteIds = source.siteIds ?? undefined;
  const { pspReferences } = source.params;
  if (pspReferences) {
    // At most REPORT_PSP_REFERENCES_MAX rows: one query.
    const found = await db.forMerchant(source.merchantId, (tx) =>
      transactionsRepository.byPspReferences(tx, source.merchantId, pspReferences, siteIds),
    );
    return {
      header,
      total: found.length,
      rows: (async function* () {
        for (const row of found) yield toCells(row);
      })(),
    };
  }
  const filter = transactionsFilter(source);
  const totals = await db.forMerchant(source.merchantId, (tx) =>
    transactionsRepository.totalsByCurrency(tx, filter),
  );
  return {
    header,
    total: totals.reduce((sum, row) => sum + row.count, 0),
    rows: (async function* () {
      let after: { createdAt: Date; id: string } | undefined;
      for (;;) {
        const batch = await db.forMerchant(source.merchantId, (tx) =>
          transactionsRepository.list(tx, filter, after, REPORT_BATCH_SIZE),
        );
        const page = batch.slice(0, REPORT_BATCH_SIZE);
        for (const row of page) yield toCells(row);
        const last = page.at(-1);
        if (batch.length <= REPORT_BATCH_SIZE || !last) return;
        after = { createdAt: last.createdAt, id: last.id };
      }
    })(),
  };
}

async function payoutRows(db: TenantDb, source: ReportSource): Promise<ReportRows> {
  const at = localTime(source.timeZone);
  const { from, to } = source.params;
  if (!from || !to) throw new Error('a payouts report needs a date range');
  const filter = { merchantId: source.merchantId, from, to, siteIds: source.siteIds ?? undefined };
  const total = await db.forMerchant(source.merchantId, (tx) => repo.countPayouts(tx, filter));
  return {
    header: [
      'Payout date',
      'Site',
      'Status',
      'Reference',
      'Gross',
      'Fees',
      'Amount',
      'Currency',
      'Expected arrival',
      `Paid at (${source.timeZone})`,
      'Failure reason',
    ],
    total,
    rows: (async function* () {
      let after: { payoutDate: string; id: string } | undefined;
      for (;;) {
        const batch = await db.forMerchant(source.merchantId, (tx) =>
          repo.payoutsBatch(tx, filter, after, REPORT_BATCH_SIZE),
        );
        for (const row of batch)
          yield [
            row.payoutDate,
            row.siteName,
            row.status,
            row.reference,
            major(row.grossAmount, row.currency),
            major(row.feesAmount, row.currency),
            major(row.amount, row.currency),
            row.currency,
            row.expectedArrival,
            at(row.paidAt),
            row.failureReason
              ? BANK_FAILURE_TEXTS[payoutFailureCode(row.failureReason) ?? 'rejected-by-bank']
              : '',
          ];
        const last = batch.at(-1);
        if (batch.length < REPORT_BATCH_SIZE || !last) return;
        after = { payoutDate: last.payoutDate, id: last.id };
      }
    })(),
  };
}

async function payoutDetailRows(db: TenantDb, source: ReportSource): Promise<ReportRows> {
  const at = localTime(source.timeZone);
  const payoutId = source.params.payoutId;
  if (!payoutId) throw new Error('a payoutDetail report needs a payout');
  const total = await db.forMerchant(source.merchantId, (tx) =>
    repo.countEntries(tx, source.merchantId, payoutId),
  );
  return {
    header: [
      `Occurred at (${source.timeZone})`,
      'Trading day',
      'Type',
      'Description',
      'Amount',
      'Currency',
      'Invoiced',
      'Transaction id',
    ],
    total,
    rows: (async function* () {
      let after: { occurredAt: Date; id: string } | undefined;
      for (;;) {
        const batch = await db.forMerchant(source.merchantId, (tx) =>
          repo.entriesBatch(tx, source.merchantId, payoutId, after, REPORT_BATCH_SIZE),
        );
        for (const row of batch)
          yield [
            at(row.occurredAt),
            row.tradingDay,
            row.type,
            row.description,
            major(row.amount, row.currency),
            row.currency,
            row.invoiced ? 'yes' : 'no',
            row.transactionId,
          ];
        const last = batch.at(-1);
        if (batch.length < REPORT_BATCH_SIZE || !last) return;
        after = { occurredAt: last.occurredAt, id: last.id };
      }
    })(),
  };
}

export function reportRows(db: TenantDb, source: ReportSource): Promise<ReportRows> {
  if (source.type === 'transactions') return transactionRows(db, source);
  if (source.type === 'payouts') return payoutRows(db, source);
  return payoutDetailRows(db, source);
}

/**
 * The CSV as a stream: a UTF-8 byte-order mark (spreadsheet programs read UTF-8 only with one), the header,
 * then the rows as the source yields them; `onRow` counts them. The row source is pulled only as fast as the
 * file store takes the CSV, so memory stays flat whatever the report's size.
 */
export function reportCsv(rows: ReportRows, onRow: (written: number) => void | Promise<void>): Readable {
  let written = 0;
  const lines = Readable.from(
    (async function* () {
      for await (const row of rows.rows) {
        written += 1;
        await onRow(written);
        yield row;
      }
    })(),
  );
  const csv = csvStream({ header: true, columns: rows.header });
  lines.on('error', (error) => csv.destroy(error));
  return lines.pipe(csv);
}
