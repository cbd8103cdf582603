// DESIGN §4 Trading day: a site's settlement window is a time of day in the merchant's time zone; trading day D
// runs from D at that time to D+1 at that time. Days of a daylight-saving change have 23 or 25 hours.
// Pure functions over IANA zones through Intl; dates are "YYYY-MM-DD", windows "HH:MM".

const DAY_MS = 86_400_000;
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The wall-clock time in `timeZone` at `instant`, read as if it were UTC (milliseconds). */
function wallClockMs(instant: number, timeZone: string): number {
  const parts: Record<string, number> = {};
  for (const part of formatterFor(timeZone).formatToParts(new Date(instant))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  const { year = 0, month = 1, day = 1, hour = 0, minute = 0, second = 0 } = parts;
  return Date.UTC(year, month - 1, day, hour, minute, second) + (instant % 1000);
}

/** UTC offset of `timeZone` at `instant`, in milliseconds (London in summer: 3 600 000). */
export function zoneOffsetMs(instant: number, timeZone: string): number {
  return wallClockMs(Math.floor(instant / 1000) * 1000, timeZone) - Math.floor(instant / 1000) * 1000;
}

function parseDate(date: string): number {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) throw new RangeError(`Not a date (YYYY-MM-DD): ${date}`);
  return Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
}

function parseWindow(window: string): number {
  const match = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(window);
  if (!match) throw new RangeError(`Not a settlement window (HH:MM): ${window}`);
  return (Number(match[1]) * 60 + Number(match[2])) * 60_000;
}

const isoDate = (utcMidnight: number) => new Date(utcMidnight).toISOString().slice(0, 10);

/** "2026-03-31" + 1 → "2026-04-01". */
export function addDays(date: string, days: number): string {
  return isoDate(parseDate(date) + days * DAY_MS);
}

/**
 * The instant at wall-clock `time` on `date` in `timeZone`. A time that happens twice (the hour repeated when
 * clocks go back) gives the first; a time that does not happen (skipped when clocks go forward) gives the
 * instant the same distance after the gap's start, as clocks read it before the change (01:30 → 02:30 BST).
 */
export function zonedTimeToInstant(date: string, time: string, timeZone: string): Date {
  // Remembered: the same few days are asked for on every request (today's and the period's first), and each
  // answer costs four `formatToParts` (7 % of the API's CPU on the totals route, docs/PERFORMANCE.md).
  const key = `${date}|${time}|${timeZone}`;
  const known = instants.get(key);
  if (known !== undefined) return new Date(known);
  const instant = computeZonedTimeToInstant(date, time, timeZone);
  if (instants.size >= 4096) instants.clear();
  instants.set(key, instant.getTime());
  return instant;
}
const instants = new Map<string, number>();

function computeZonedTimeToInstant(date: string, time: string, timeZone: string): Date {
  const wall = parseDate(date) + parseWindow(time);
  const before = zoneOffsetMs(wall - DAY_MS, timeZone);
  const after = zoneOffsetMs(wall + DAY_MS, timeZone);
  const candidates = [wall - before, wall - after].filter(
    (instant) => wallClockMs(instant, timeZone) === wall,
  );
  return new Date(candidates.length > 0 ? Math.min(...candidates) : wall - before);
}

export interface TradingDayBounds {
  /** First instant of the trading day (inclusive). */
  start: Date;
  /** First instant of the next trading day (exclusive): when the settlement window closes. */
  end: Date;
}

/** Trading day `date` of a site whose settlement window is `window` in `timeZone`: [start, end). */
export function tradingDayBounds(date: string, window: string, timeZone: string): TradingDayBounds {
  return {
    start: zonedTimeToInstant(date, window, timeZone),
    end: zonedTimeToInstant(addDays(date, 1), window, timeZone),
  };
}

/** Hours in trading day `date`: 24, or 23 / 25 on a daylight-saving change. */
export function tradingDayHours(date: string, window: string, timeZone: string): number {
  const { start, end } = tradingDayBounds(date, window, timeZone);
  return (end.getTime() - start.getTime()) / 3_600_000;
}

/** The trading day `instant` belongs to (a bar's 01:00 sale with a 03:00 window counts to the day before). */
export function tradingDayOf(instant: Date, window: string, timeZone: string): string {
  const calendarDay = calendarDateIn(instant, timeZone);
  for (const candidate of [addDays(calendarDay, 1), calendarDay, addDays(calendarDay, -1)]) {
    if (zonedTimeToInstant(candidate, window, timeZone).getTime() <= instant.getTime()) return candidate;
  }
  return addDays(calendarDay, -2);
}

/** The latest trading day whose window has closed at `now` (the day a payout or end-of-day report is due for). */
export function lastClosedTradingDay(now: Date, window: string, timeZone: string): string {
  return addDays(tradingDayOf(now, window, timeZone), -1);
}

/** The calendar date in `timeZone` at `instant`. */
export function calendarDateIn(instant: Date, timeZone: string): string {
  const at = instant.getTime();
  const hour = Math.floor(at / HOUR_MS) * HOUR_MS;
  const known = hourOffsets.get(timeZone);
  if (known?.hour === hour) return isoDate(Math.floor((at + known.offset) / DAY_MS) * DAY_MS);
  // The zone's offset over this UTC hour, remembered when it is the same at its first and last second (a zone
  // changes its offset at most once in an hour, on a whole second): one `formatToParts` per zone and hour
  // instead of one per call (the request path asks for today's date on every totals request).
  const first = wallClockMs(hour, timeZone) - hour;
  const last = wallClockMs(hour + HOUR_MS - 1000, timeZone) - (hour + HOUR_MS - 1000);
  if (first === last) hourOffsets.set(timeZone, { hour, offset: first });
  return isoDate(Math.floor(wallClockMs(at, timeZone) / DAY_MS) * DAY_MS);
}
const HOUR_MS = 3_600_000;
const hourOffsets = new Map<string, { hour: number; offset: number }>();

/** The next Monday-to-Friday date after `date` (a failed payout is retried the next business day). */
export function nextBusinessDay(date: string): string {
  let next = addDays(date, 1);
  for (;;) {
    const weekday = new Date(parseDate(next)).getUTCDay();
    if (weekday !== 0 && weekday !== 6) return next;
    next = addDays(next, 1);
  }
}

interface ScheduledSite {
  now: Date;
  window: string;
  timeZone: string;
  openedAt: Date;
  catchUpDays: number;
}

/**
 * The first trading day a site's scheduled jobs can still make at `now`: the site's first day, but never more
 * than `catchUpDays` back from the last closed day. A day before it is never made (the monthly invoice waits
 * only for the days from here on, decision 0134).
 */
export function firstTradingDayInReach(site: ScheduledSite): string {
  const last = lastClosedTradingDay(site.now, site.window, site.timeZone);
  const opened = tradingDayOf(site.openedAt, site.window, site.timeZone);
  const earliest = addDays(last, -(site.catchUpDays - 1));
  return opened > earliest ? opened : earliest;
}

/**
 * The closed trading days a site's scheduled jobs should still make, oldest first (the payout and end-of-day
 * report schedules, issue 12): from the day after `after` (the last one made, if any) or the site's first day,
 * but never more than `catchUpDays` back from the last closed day, up to that day.
 */
export function closedTradingDaysToMake(
  site: ScheduledSite & { after?: string | null | undefined },
): string[] {
  const last = lastClosedTradingDay(site.now, site.window, site.timeZone);
  const first = firstTradingDayInReach(site);
  let day = site.after ? addDays(site.after, 1) : first;
  if (day < first) day = first;
  const days: string[] = [];
  for (; day <= last; day = addDays(day, 1)) days.push(day);
  return days;
}
