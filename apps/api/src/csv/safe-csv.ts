// Every CSV the API writes goes through here (a test fails on any other import of csv-stringify): the reports,
// the end-of-day reports and the invoice's per-site breakdown.
import { type Options, stringify as streamCsv } from 'csv-stringify';
import { stringify as stringifyCsv } from 'csv-stringify/sync';

/** A cell a spreadsheet would run as a formula: =, +, -, @, or a tab or carriage return first (OWASP). */
const FORMULA_START = /^[=+\-@\t\r]/;
/** A plain signed number ("-12.50") is data, not a formula, and stays a number for the spreadsheet. */
const PLAIN_NUMBER = /^[+-]?\d+(\.\d+)?$/;

/**
 * CSV formula injection: a text cell that begins like a formula is prefixed with an apostrophe, so a site
 * named `=HYPERLINK(…)` or a device labelled `@SUM(…)` shows as text when the file is opened.
 */
export function spreadsheetSafe(value: string): string {
  return FORMULA_START.test(value) && !PLAIN_NUMBER.test(value) ? `'${value}` : value;
}

const SAFE: Options = { bom: true, cast: { string: spreadsheetSafe } };

/** The whole CSV at once (UTF-8 with a BOM, so spreadsheet programs read accents right). */
export function writeCsv(
  rows: (string | number)[][],
  options: Pick<Options, 'header' | 'columns'> = {},
): string {
  return stringifyCsv(rows, { ...options, ...SAFE });
}

/** A CSV stream to pipe rows into, for exports too large to hold. */
export function csvStream(options: Pick<Options, 'header' | 'columns'> = {}) {
  return streamCsv({ ...options, ...SAFE });
}
