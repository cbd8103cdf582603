// Calendar dates without a schema library: the portal's filters parse and add months with these before any form
// code has loaded (issue 16 §2); the schemas in schemas/date-range.ts build on them.

export const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
export const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;

/** A calendar date "2024-02-29" (read as UTC midnight) or an ISO date-time with offset; null when neither. */
export function parseIsoDate(value: string): Date | null {
  const date = ISO_DATE.exec(value);
  if (date) {
    const [, year, month, day] = date.map(Number) as [number, number, number, number];
    const parsed = new Date(0);
    // setUTCFullYear, not Date.UTC: Date.UTC reads years 0–99 as 1900–1999.
    parsed.setUTCFullYear(year, month - 1, day);
    return parsed.getUTCFullYear() === year &&
      parsed.getUTCMonth() === month - 1 &&
      parsed.getUTCDate() === day
      ? parsed
      : null;
  }
  if (!ISO_DATE_TIME.test(value)) return null;
  const parsed = new Date(value);
  return Number.isNaN(parsed.getTime()) ? null : parsed;
}

/** `date` plus `months` calendar months, the day clamped to the target month's end (31 Aug + 6 → 28/29 Feb). */
export function addMonths(date: Date, months: number): Date {
  const result = new Date(date.getTime());
  const day = date.getUTCDate();
  result.setUTCDate(1);
  result.setUTCMonth(result.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(result.getUTCFullYear(), result.getUTCMonth() + 1, 0)).getUTCDate();
  result.setUTCDate(Math.min(day, lastDay));
  return result;
}
