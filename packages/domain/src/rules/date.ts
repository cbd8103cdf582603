import type { MessageKey } from '../messages.ts';

/**
 * Issue 8 §3: the range of dates any input may name. Far inside what PostgreSQL (`date`, `timestamptz`) and
 * JavaScript can represent, and wide enough for every business date the portal deals in.
 */
export const DATE_MIN_YEAR = 1900;
export const DATE_MAX_YEAR = 2199;
export const DATE_MIN = new Date(Date.UTC(DATE_MIN_YEAR, 0, 1));
/** The last millisecond of DATE_MAX_YEAR. */
export const DATE_MAX = new Date(Date.UTC(DATE_MAX_YEAR + 1, 0, 1) - 1);

/** True when `date` is a valid instant within [DATE_MIN, DATE_MAX]. */
export function isDateInRange(date: Date): boolean {
  const time = date.getTime();
  return !Number.isNaN(time) && time >= DATE_MIN.getTime() && time <= DATE_MAX.getTime();
}

/** `validation.dateOutOfRange` when `date` lies outside the sane range (or is not a date), else undefined. */
export function dateRangeRule(date: Date): MessageKey | undefined {
  return isDateInRange(date) ? undefined : 'validation.dateOutOfRange';
}
