import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  calendarDateIn,
  closedTradingDaysToMake,
  firstTradingDayInReach,
  lastClosedTradingDay,
  nextBusinessDay,
  tradingDayBounds,
  tradingDayHours,
  tradingDayOf,
  zonedTimeToInstant,
} from '../src/trading-day.ts';

const iso = (date: Date) => date.toISOString();

describe('trading day bounds (DESIGN §4: from D at the window to D+1 at the window, merchant zone)', () => {
  it('is the calendar day with a 00:00 window, in the merchant zone not UTC', () => {
    const { start, end } = tradingDayBounds('2026-06-10', '00:00', 'Europe/London');
    expect(iso(start)).toBe('2026-06-09T23:00:00.000Z');
    expect(iso(end)).toBe('2026-06-10T23:00:00.000Z');
  });

  it('crosses midnight with a 03:00 window: a 01:30 sale counts to the day the night began', () => {
    expect(tradingDayOf(new Date('2026-06-11T00:30:00Z'), '03:00', 'Europe/London')).toBe('2026-06-10');
    expect(tradingDayOf(new Date('2026-06-11T02:00:00Z'), '03:00', 'Europe/London')).toBe('2026-06-11');
    expect(tradingDayOf(new Date('2026-06-11T01:59:59Z'), '03:00', 'Europe/London')).toBe('2026-06-10');
  });

  it.each([
    // [zone, day with the change, window, hours]
    ['Europe/London', '2026-03-29', '00:00', 23],
    ['Europe/London', '2026-10-25', '00:00', 25],
    ['Europe/London', '2026-03-28', '03:00', 23], // 28th 03:00 GMT → 29th 03:00 BST
    ['Europe/London', '2026-10-24', '03:00', 25],
    ['Europe/Paris', '2026-03-29', '00:00', 23],
    ['Europe/Paris', '2026-10-25', '00:00', 25],
    ['America/New_York', '2026-03-08', '00:00', 23],
    ['America/New_York', '2026-11-01', '00:00', 25],
    ['Europe/London', '2026-06-10', '00:00', 24],
    ['Asia/Tokyo', '2026-03-29', '00:00', 24],
  ])('%s %s with window %s has %i hours', (zone, day, window, hours) => {
    expect(tradingDayHours(day, window, zone)).toBe(hours);
  });

  it('resolves a window inside the skipped hour forward and a window in the repeated hour to its first time', () => {
    // London 2026-03-29: 01:00 GMT jumps to 02:00 BST; 01:30 does not exist.
    expect(iso(zonedTimeToInstant('2026-03-29', '01:30', 'Europe/London'))).toBe('2026-03-29T01:30:00.000Z');
    // London 2026-10-25: 01:30 happens at 00:30Z (BST) and again at 01:30Z (GMT).
    expect(iso(zonedTimeToInstant('2026-10-25', '01:30', 'Europe/London'))).toBe('2026-10-25T00:30:00.000Z');
    // The long day is the one that starts at the first 01:30 and ends at the next day's 01:30.
    expect(tradingDayHours('2026-10-24', '01:30', 'Europe/London')).toBe(24);
    expect(tradingDayHours('2026-10-25', '01:30', 'Europe/London')).toBe(25);
    expect(tradingDayHours('2026-03-28', '01:30', 'Europe/London')).toBe(24);
    expect(tradingDayHours('2026-03-29', '01:30', 'Europe/London')).toBe(23);
  });

  it.each([
    'Europe/London',
    'America/Asuncion', // clocks go back at midnight: the same date twice around it
    'Australia/Lord_Howe', // a 30-minute change
    'Asia/Kathmandu',
    'Pacific/Chatham',
    'America/Santiago',
    'UTC',
  ])(
    'gives the same calendar date in %s as Intl itself, through a year of changes, in any order',
    (zone) => {
      const reference = new Intl.DateTimeFormat('en-CA', {
        timeZone: zone,
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
      });
      const start = Date.parse('2026-01-01T00:00:00Z');
      const instants: number[] = [];
      // Every 28 minutes 53.5 seconds for a year (both sides of every change), a second either side of London's
      // changes, then a few going back.
      for (let at = start; at < start + 366 * 86_400_000; at += 1_733_500) instants.push(at);
      for (const change of ['2026-03-29T01:00:00Z', '2026-10-25T01:00:00Z'])
        instants.push(
          Date.parse(change) - 1000,
          Date.parse(change) - 1,
          Date.parse(change),
          Date.parse(change) + 1000,
        );
      instants.push(start + 200 * 86_400_000, start + 10 * 86_400_000 + 999, start - 1, start);
      for (const at of instants)
        expect(calendarDateIn(new Date(at), zone), `${zone} ${new Date(at).toISOString()}`).toBe(
          reference.format(new Date(at)),
        );
    },
    60_000,
  );

  it('does not carry an offset past a change in the middle of a UTC hour', () => {
    // St John's, 7 November 2010: at 00:01 NDT (02:31Z) clocks went back to 23:01 NST on the 6th.
    const zone = 'America/St_Johns';
    expect(calendarDateIn(new Date('2010-11-07T02:00:00Z'), zone)).toBe('2010-11-06');
    expect(calendarDateIn(new Date('2010-11-07T02:30:30Z'), zone)).toBe('2010-11-07');
    expect(calendarDateIn(new Date('2010-11-07T02:40:00Z'), zone)).toBe('2010-11-06');
    expect(calendarDateIn(new Date('2010-11-07T03:40:00Z'), zone)).toBe('2010-11-07');
  });

  it('answers a remembered instant as a new Date each time, the same in every zone asked', () => {
    const first = zonedTimeToInstant('2026-06-01', '00:00', 'Europe/Paris');
    first.setTime(0); // a caller changing its Date does not change the next answer
    expect(iso(zonedTimeToInstant('2026-06-01', '00:00', 'Europe/Paris'))).toBe('2026-05-31T22:00:00.000Z');
    expect(iso(zonedTimeToInstant('2026-06-01', '00:00', 'Europe/London'))).toBe('2026-05-31T23:00:00.000Z');
    expect(() => zonedTimeToInstant('2026-06-01', '00:00', 'Not/AZone')).toThrow();
    expect(() => zonedTimeToInstant('2026-06-01', '00:00', 'Not/AZone')).toThrow();
  });

  it('puts the repeated hour of the autumn change in the day it belongs to', () => {
    // Both 01:30 of 25 October (BST and GMT) are in trading day 2026-10-25 with a 00:00 window.
    expect(tradingDayOf(new Date('2026-10-25T00:30:00Z'), '00:00', 'Europe/London')).toBe('2026-10-25');
    expect(tradingDayOf(new Date('2026-10-25T01:30:00Z'), '00:00', 'Europe/London')).toBe('2026-10-25');
    expect(tradingDayOf(new Date('2026-10-24T22:59:59Z'), '00:00', 'Europe/London')).toBe('2026-10-24');
  });

  it('closes a day at the window: the last closed day before and after the close', () => {
    expect(lastClosedTradingDay(new Date('2026-06-11T01:59:00Z'), '03:00', 'Europe/London')).toBe(
      '2026-06-09',
    );
    expect(lastClosedTradingDay(new Date('2026-06-11T02:00:00Z'), '03:00', 'Europe/London')).toBe(
      '2026-06-10',
    );
  });

  it('every instant lies inside the bounds of its trading day, whatever the zone and window', () => {
    const zones = ['Europe/London', 'Europe/Paris', 'America/New_York', 'Australia/Sydney', 'Asia/Kolkata'];
    fc.assert(
      fc.property(
        fc.integer({ min: Date.UTC(2025, 0, 1), max: Date.UTC(2028, 0, 1) }),
        fc.constantFrom(...zones),
        fc.integer({ min: 0, max: 23 }),
        fc.constantFrom(0, 15, 30, 45),
        (ms, zone, hour, minute) => {
          const window = `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;
          const instant = new Date(ms);
          const day = tradingDayOf(instant, window, zone);
          const { start, end } = tradingDayBounds(day, window, zone);
          expect(start.getTime()).toBeLessThanOrEqual(ms);
          expect(end.getTime()).toBeGreaterThan(ms);
          expect([23, 23.5, 24, 24.5, 25]).toContain(tradingDayHours(day, window, zone));
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe('calendar helpers', () => {
  it('adds days across months and years', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29');
  });

  it('finds the next business day (Friday → Monday)', () => {
    expect(nextBusinessDay('2026-06-12')).toBe('2026-06-15');
    expect(nextBusinessDay('2026-06-13')).toBe('2026-06-15');
    expect(nextBusinessDay('2026-06-15')).toBe('2026-06-16');
  });
});

describe('closedTradingDaysToMake (payout and end-of-day schedules)', () => {
  const site = {
    now: new Date('2026-03-10T12:00:00Z'),
    window: '00:00',
    timeZone: 'Europe/London',
    openedAt: new Date('2026-03-07T09:00:00Z'),
    catchUpDays: 7,
  };
  it('makes every closed day since the site opened, up to yesterday', () => {
    expect(closedTradingDaysToMake(site)).toEqual(['2026-03-07', '2026-03-08', '2026-03-09']);
  });
  it('starts after the last day made, and never further back than the catch-up days', () => {
    expect(closedTradingDaysToMake({ ...site, after: '2026-03-08' })).toEqual(['2026-03-09']);
    expect(closedTradingDaysToMake({ ...site, after: '2026-03-09' })).toEqual([]);
    const old = { ...site, openedAt: new Date('2025-01-01T00:00:00Z'), catchUpDays: 2 };
    expect(closedTradingDaysToMake(old)).toEqual(['2026-03-08', '2026-03-09']);
    expect(closedTradingDaysToMake({ ...old, after: '2025-06-01' })).toEqual(['2026-03-08', '2026-03-09']);
  });
  it('reaches back to the site’s first day or the catch-up limit, whichever is later (closed or not)', () => {
    expect(firstTradingDayInReach(site)).toBe('2026-03-07');
    expect(firstTradingDayInReach({ ...site, openedAt: new Date('2025-01-01T00:00:00Z') })).toBe(
      '2026-03-03',
    );
    // A 07:00 window: at 06:00 on the 1st the 31st is still open, and the last closed day is the 30th.
    const late = {
      ...site,
      window: '07:00',
      now: new Date('2026-02-01T06:00:00Z'),
      openedAt: new Date('2025-12-01T12:00:00Z'),
      catchUpDays: 35,
    };
    expect(firstTradingDayInReach(late)).toBe('2025-12-27');
    expect(closedTradingDaysToMake({ ...late, after: '2026-01-29' })).toEqual(['2026-01-30']);
  });
});
