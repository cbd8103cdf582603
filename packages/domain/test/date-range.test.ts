import { describe, expect, it } from 'vitest';
import {
  addMonths,
  ledgerDateRangeSchema,
  parseIsoDate,
  payoutDownloadDateRangeSchema,
  transactionDateRangeSchema,
  transactionSearchSchema,
} from '../src/schemas/date-range.ts';
import { accepted, messageFor, rejected } from './rule-helpers.ts';

const SIX_MONTHS = 'Date range too large. Please select a range of 6 months or less.';
const ONE_YEAR = 'Date range too large. Please select a range of 1 year or less.';

describe('transactions and ledger date range (SPEC §5: at most 6 months)', () => {
  it.each([
    ['2024-01-01', '2024-07-01'],
    ['2024-01-15', '2024-01-15'],
    ['2024-08-31', '2025-02-28'],
    ['2024-01-01T00:00:00Z', '2024-07-01T00:00:00Z'],
  ])('accepts %s to %s', (from, to) => {
    expect(accepted(transactionDateRangeSchema, { from, to })).toEqual({ from, to });
    expect(accepted(ledgerDateRangeSchema, { from, to })).toEqual({ from, to });
  });

  it.each([
    ['2024-01-01', '2024-07-02'],
    ['2024-08-31', '2025-03-01'],
    ['2024-01-01T00:00:00Z', '2024-07-01T00:00:01Z'],
    ['2023-01-01', '2024-01-01'],
  ])('rejects %s to %s with SPEC’s message on "to"', (from, to) => {
    expect(rejected(transactionDateRangeSchema, { from, to })).toEqual([
      { field: 'to', rule: 'validation.dateRangeTooLarge', message: SIX_MONTHS },
    ]);
    expect(messageFor(ledgerDateRangeSchema, { from, to })).toBe(SIX_MONTHS);
  });

  it('rejects an end before the start', () => {
    expect(messageFor(transactionDateRangeSchema, { from: '2024-03-02', to: '2024-03-01' })).toBe(
      'The end date must be on or after the start date',
    );
  });

  it.each(['2024-02-30', '2024-13-01', '01/02/2024', '2024-01-01T10:00', 'yesterday'])(
    'rejects the date %j',
    (from) => {
      expect(messageFor(transactionDateRangeSchema, { from, to: '2024-03-01' })).toBe(
        'Please enter a valid date',
      );
    },
  );

  it('requires both ends', () => {
    expect(rejected(transactionDateRangeSchema, {}).map((d) => [d.field, d.message])).toEqual([
      ['from', 'Required'],
      ['to', 'Required'],
    ]);
  });
});

describe('payouts download range (SPEC §5: at most 1 year)', () => {
  it('accepts exactly one year, including from 29 February', () => {
    expect(accepted(payoutDownloadDateRangeSchema, { from: '2024-01-01', to: '2025-01-01' })).toBeTruthy();
    expect(accepted(payoutDownloadDateRangeSchema, { from: '2024-02-29', to: '2025-02-28' })).toBeTruthy();
  });

  it('rejects a day more', () => {
    expect(messageFor(payoutDownloadDateRangeSchema, { from: '2024-01-01', to: '2025-01-02' })).toBe(
      ONE_YEAR,
    );
  });
});

describe('date range or PSP reference, not both (SPEC §5)', () => {
  const schema = transactionSearchSchema();

  it('accepts a range alone or a reference alone', () => {
    expect(accepted(schema, { from: '2024-01-01', to: '2024-02-01' })).toBeTruthy();
    expect(accepted(schema, { pspReference: 'ABC123XYZ' })).toEqual({ pspReference: 'ABC123XYZ' });
  });

  it('rejects both together', () => {
    expect(rejected(schema, { from: '2024-01-01', to: '2024-02-01', pspReference: 'ABC' })).toEqual([
      {
        field: 'pspReference',
        rule: 'validation.dateRangeOrPspReference',
        message: 'Select either a date range or a PSP reference, not both',
      },
    ]);
  });

  it('rejects neither, unless optional', () => {
    expect(messageFor(schema, {})).toBe('Select a date range or a PSP reference');
    expect(accepted(transactionSearchSchema({ required: false }), {})).toEqual({});
  });

  it('still applies the 6-month limit and needs both ends', () => {
    expect(messageFor(schema, { from: '2024-01-01', to: '2024-12-01' })).toBe(SIX_MONTHS);
    expect(rejected(schema, { from: '2024-01-01' })).toEqual([
      { field: 'to', rule: 'validation.required', message: 'Required' },
    ]);
  });
});

describe('date helpers', () => {
  it('adds months clamping to the month end', () => {
    expect(addMonths(new Date('2024-08-31T00:00:00Z'), 6).toISOString()).toBe('2025-02-28T00:00:00.000Z');
    expect(addMonths(new Date('2023-08-31T12:30:00Z'), 6).toISOString()).toBe('2024-02-29T12:30:00.000Z');
    expect(addMonths(new Date('2024-01-31T00:00:00Z'), 1).toISOString()).toBe('2024-02-29T00:00:00.000Z');
  });

  it('parses calendar dates and offset date-times only', () => {
    expect(parseIsoDate('2024-02-29')?.toISOString()).toBe('2024-02-29T00:00:00.000Z');
    expect(parseIsoDate('2024-02-29T10:00:00+01:00')?.toISOString()).toBe('2024-02-29T09:00:00.000Z');
    expect(parseIsoDate('2023-02-29')).toBeNull();
  });
});
