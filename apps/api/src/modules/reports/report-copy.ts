import { Readable } from 'node:stream';
import { currencyExponent } from '@mp/domain/money';
import { literal, type TenantDb } from '../../access/tenant-db.ts';
import { writeCsv } from '../../csv/safe-csv.ts';
import { type ListFilter, transactionsRepository } from '../transactions/repository.ts';
import { type ReportSource, transactionsFilter, transactionsHeader } from './report-csv.ts';

// The transactions report on PostgreSQL as one `COPY (…) TO STDOUT WITH (FORMAT csv)` (issue 12 §5): the
// formatting the cursor path does in Node (report-csv.ts `transactionRows` + safe-csv.ts) done in SQL, so the
// file is byte for byte what the cursor path writes (test/report-copy.test.ts compares the two). The rules:
// - a NULL or empty text is an empty cell (csv-stringify writes both as nothing; COPY would quote an empty
//   string, so every text goes through nullif(…, ''));
// - quoting: COPY quotes a value holding the delimiter, a quote, CR or LF, as csv-stringify does (COPY's other
//   case, a lone `\.`, applies to one-column output only);
// - the formula guard of safe-csv.ts `spreadsheetSafe`, cell by cell (below);
// - times as Intl's sv-SE "YYYY-MM-DD HH:MM:SS" in the merchant's zone, amounts as
//   `minorUnitsToDecimalString` (exact decimals, the currency's exponent from Intl, as in Node).
// COPY takes no parameters: everything in the text is checked first (uuids, ISO instants, a zone name, currency
// codes), see `literal`.

/**
 * safe-csv.ts `spreadsheetSafe` in SQL: a cell whose first character is = + - @ tab or CR and which is not a
 * plain signed number gets an apostrophe in front. `left(…, 1) in (…)` first, so the regular expression runs
 * only for the rare cell that starts like a formula. `[0-9]`, not `\d`, as JavaScript's `\d` (ASCII only).
 */
export function spreadsheetSafeSql(cell: string): string {
  return `case when left(${cell}, 1) in ('=', '+', '-', '@', E'\\t', E'\\r') and ${cell} !~ '^[+-]?[0-9]+(\\.[0-9]+)?$' then '''' || ${cell} else ${cell} end`;
}

const TIME_ZONE = /^[A-Za-z0-9_+\-/]+$/;
const CURRENCY = /^[A-Z]{3}$/;

/** `minorUnitsToDecimalString` in SQL: minor units × 10^-exponent keeps exactly `exponent` decimals (numeric). */
function majorUnitsSql(cell: string, currencies: readonly string[]): string {
  const cases = currencies.map((currency) => {
    if (!CURRENCY.test(currency)) throw new Error(`report COPY: not a currency code: ${currency}`);
    const exponent = currencyExponent(currency);
    const factor = exponent === 0 ? '1' : `0.${'0'.repeat(exponent - 1)}1`;
    return `when '${currency}' then ${factor}`;
  });
  // A currency not counted first (impossible in the snapshot the count and the COPY share) fails the COPY
  // rather than writing a wrong amount. No currency at all (a range without payments): no `when`, which a
  // `case` must have, so the failing expression stands alone (no row evaluates it).
  const notCounted = `('currency not counted: ' || t.currency)::numeric`;
  const factor =
    cases.length === 0 ? notCounted : `case t.currency ${cases.join(' ')} else ${notCounted} end`;
  return `(${cell}::numeric * ${factor})::text`;
}

/**
 * The COPY of a transactions report of `filter`'s days and sites: the rows `transactionsRepository.list` pages
 * through (same joins, same filter, same order), as the cells `transactionRows` makes of them. `currencies`:
 * every currency of those rows (from `totalsByCurrency` in the same snapshot).
 */
export function transactionsReportCopy(
  filter: Pick<ListFilter, 'merchantId' | 'from' | 'to' | 'siteIds'>,
  timeZone: string,
  currencies: readonly string[],
): string {
  if (!TIME_ZONE.test(timeZone)) throw new Error(`report COPY: not a time zone name: ${timeZone}`);
  const text = (cell: string) => spreadsheetSafeSql(`nullif(${cell}, '')`);
  const sites = filter.siteIds
    ? filter.siteIds.length === 0
      ? 'and false'
      : `and t.site_id in (${filter.siteIds.map((id) => literal(id, 'uuid')).join(', ')})`
    : '';
  const select = `select
      ${text('t.psp_reference')},
      ${text('t.merchant_reference')},
      to_char(t.created_at at time zone '${timeZone}', 'YYYY-MM-DD HH24:MI:SS'),
      ${text('coalesce(s.display_name, s.name)')},
      ${text('coalesce(d.label, d.serial)')},
      ${text('t.status')},
      ${text('t.source')},
      ${text('t.card_scheme')},
      ${spreadsheetSafeSql(`(case when t.card_last_four <> '' then coalesce(t.card_bin, '') || '…' || t.card_last_four end)`)},
      ${majorUnitsSql('t.amount', currencies)},
      ${majorUnitsSql('t.tip_amount', currencies)},
      ${text('t.currency')}
    from transactions t
    join sites s on s.merchant_id = t.merchant_id and s.id = t.site_id
    left join devices d on d.merchant_id = t.merchant_id and d.id = t.device_id
    where t.merchant_id = ${literal(filter.merchantId, 'uuid')}
      and t.created_at >= ${literal(filter.from.toISOString(), 'timestamptz')}
      and t.created_at < ${literal(filter.to.toISOString(), 'timestamptz')}
      ${sites}
    order by t.created_at desc nulls last, t.id desc nulls last`;
  return `copy (${select}) to stdout with (format csv)`;
}

/** Whether `copyTransactionsReport` can make this report: a transactions report of a date range, on PostgreSQL. */
export const canCopyReport = (db: TenantDb, source: Pick<ReportSource, 'type' | 'params'>) =>
  db.copyForMerchant !== undefined && source.type === 'transactions' && !source.params.pspReferences;

/**
 * Counts the CSV records in the chunks of a COPY as they pass: line feeds outside quotes (a quoted cell may
 * hold one; `""` inside quotes toggles twice and changes nothing). Quotes are rare, so a chunk without any is
 * counted with `indexOf` alone.
 */
export function csvRecordCounter() {
  let quoted = false;
  return (chunk: Buffer): number => {
    let records = 0;
    if (!quoted && chunk.indexOf(34) < 0) {
      for (let at = chunk.indexOf(10); at >= 0; at = chunk.indexOf(10, at + 1)) records++;
      return records;
    }
    for (const byte of chunk) {
      if (byte === 34) quoted = !quoted;
      else if (byte === 10 && !quoted) records++;
    }
    return records;
  };
}

/**
 * A transactions report streamed by PostgreSQL itself (issue 12 §5): in one REPEATABLE READ transaction of the
 * merchant (row-level security as `app_user`, like every tenant statement), the rows are counted per currency,
 * then `COPY (…) TO STDOUT` flows, after the BOM and the header the safe-csv writer makes, straight into
 * `write` (the file store). `onProgress` hears the records written so far against the count, as the bytes
 * pass; it is not awaited (the COPY never waits for a progress write). Resolves with COPY's own row count.
 */
export async function copyTransactionsReport(
  db: TenantDb,
  source: ReportSource,
  onProgress: (written: number, total: number) => void,
  write: (body: Readable) => Promise<{ sizeBytes: number }>,
): Promise<{ sizeBytes: number; rowCount: number }> {
  const copyForMerchant = db.copyForMerchant;
  if (!copyForMerchant) throw new Error('COPY needs PostgreSQL');
  const filter = transactionsFilter(source);
  return copyForMerchant(source.merchantId, { snapshot: true }, async (tx, copyOut) => {
    const totals = await transactionsRepository.totalsByCurrency(tx, filter);
    const total = totals.reduce((sum, row) => sum + row.count, 0);
    const copy = copyOut(
      transactionsReportCopy(
        filter,
        source.timeZone,
        totals.map((row) => row.currency),
      ),
    );
    const head = Buffer.from(writeCsv([], { header: true, columns: transactionsHeader(source.timeZone) }));
    const count = csvRecordCounter();
    let written = 0;
    const body = Readable.from(
      (async function* () {
        yield head;
        for await (const chunk of copy as AsyncIterable<Buffer>) {
          written += count(chunk);
          onProgress(written, total);
          yield chunk;
        }
      })(),
      { objectMode: false },
    );
    const { sizeBytes } = await write(body);
    return { sizeBytes, rowCount: copy.rowCount };
  });
}
