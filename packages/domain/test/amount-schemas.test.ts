import { describe, expect, it } from 'vitest';
import { refundAmountInputSchema, refundAmountSchema } from '../src/schemas/refund.ts';
import {
  adjustThresholdInputSchema,
  adjustThresholdSchema,
  cardSummaryFilterSchema,
  manualLimitInputSchema,
  manualLimitSchema,
  monthlyFeeAmountInputSchema,
  monthlyFeeAmountSchema,
  pinSchema,
  ratePercentInputSchema,
  ratePercentSchema,
} from '../src/schemas/settings.ts';
import { accepted, messageFor, rejected } from './rule-helpers.ts';

describe('PIN (SPEC §5: 4 digits)', () => {
  it.each(['0000', '1234', '9876'])('accepts %j', (input) => {
    expect(accepted(pinSchema, input)).toBe(input);
  });

  it.each(['123', '12345', '12a4', ' 1234', '١٢٣٤'])('rejects %j', (input) => {
    expect(messageFor(pinSchema, input)).toBe('PIN must be 4 digits');
  });

  it('is required', () => {
    expect(messageFor(pinSchema, '')).toBe('Required');
  });
});

describe('manual limit (SPEC §5: greater than 0, a number, no fraction of a penny)', () => {
  it.each([1, 100, 5_000_000])('accepts %d minor units', (input) => {
    expect(accepted(manualLimitSchema, input)).toBe(input);
  });

  it.each([
    [0, 'Limit must be greater than 0'],
    [-100, 'Limit must be greater than 0'],
    [12.5, 'Limit cannot include a fraction of a penny'],
    ['100', 'Limit must be a number'],
    [Number.NaN, 'Limit must be a number'],
    [Number.POSITIVE_INFINITY, 'Limit must be a number'],
    [undefined, 'Required'],
  ])('rejects %j with %j', (input, message) => {
    expect(messageFor(manualLimitSchema, input)).toBe(message);
  });

  it('reads what a person typed into minor units', () => {
    expect(accepted(manualLimitInputSchema('en-GB', 'GBP'), '1,250.5')).toBe(125050);
    expect(accepted(manualLimitInputSchema('fr-FR', 'EUR'), '12,50')).toBe(1250);
    expect(accepted(manualLimitInputSchema('en-GB', 'GBP'), '0.01')).toBe(1);
  });

  it.each([
    ['12.345', 'Limit cannot include a fraction of a penny'],
    ['abc', 'Limit must be a number'],
    ['0', 'Limit must be greater than 0'],
    ['0.00', 'Limit must be greater than 0'],
    ['', 'Required'],
  ])('rejects typed %j with %j', (input, message) => {
    expect(messageFor(manualLimitInputSchema('en-GB', 'GBP'), input)).toBe(message);
  });
});

describe('adjust threshold (SPEC §5: at least 1, at most 2 decimals)', () => {
  it.each([1, 1.5, 1.25, 100])('accepts %d', (input) => {
    expect(accepted(adjustThresholdSchema, input)).toBe(input);
  });

  it.each([
    [0.99, 'Threshold must be at least 1'],
    [0, 'Threshold must be at least 1'],
    [1.255, 'Threshold can have at most 2 decimal places'],
    ['2', 'Threshold must be a number'],
  ])('rejects %j with %j', (input, message) => {
    expect(messageFor(adjustThresholdSchema, input)).toBe(message);
  });

  it('reads typed text in the locale', () => {
    expect(accepted(adjustThresholdInputSchema('it-IT'), '1,25')).toBe(1.25);
    expect(accepted(adjustThresholdInputSchema('en-GB'), '1')).toBe(1);
    expect(messageFor(adjustThresholdInputSchema('en-GB'), '1.255')).toBe(
      'Threshold can have at most 2 decimal places',
    );
    expect(messageFor(adjustThresholdInputSchema('en-GB'), '0.5')).toBe('Threshold must be at least 1');
    expect(messageFor(adjustThresholdInputSchema('en-GB'), 'x')).toBe('Threshold must be a number');
  });
});

describe('monthly fee amount (SPEC §5: greater than 0)', () => {
  it('accepts 1 minor unit and more', () => {
    expect(accepted(monthlyFeeAmountSchema, 1)).toBe(1);
    expect(accepted(monthlyFeeAmountInputSchema('es-ES', 'EUR'), '1.000,00')).toBe(100000);
  });

  it.each([0, -1])('rejects %d', (input) => {
    expect(messageFor(monthlyFeeAmountSchema, input)).toBe('Amount must be greater than 0');
  });

  it('rejects a fraction of a minor unit', () => {
    expect(messageFor(monthlyFeeAmountSchema, 0.5)).toBe('Please enter a valid amount');
  });
});

describe('card summary filter (SPEC §5: 4 or 6 digits)', () => {
  it.each(['1234', '123456'])('accepts %j', (input) => {
    expect(accepted(cardSummaryFilterSchema, input)).toBe(input);
  });

  it.each(['123', '12345', '1234567', 'abcd', '12 34'])('rejects %j', (input) => {
    expect(messageFor(cardSummaryFilterSchema, input)).toBe('Enter 4 or 6 digits of the card number');
  });
});

describe('refund amount (SPEC §5: greater than 0, at most the remaining refundable amount)', () => {
  it('accepts 1 minor unit up to exactly the remaining amount', () => {
    expect(accepted(refundAmountSchema(1050), 1)).toBe(1);
    expect(accepted(refundAmountSchema(1050), 1050)).toBe(1050);
  });

  it.each([
    [0, 'Refund amount must be greater than 0'],
    [-5, 'Refund amount must be greater than 0'],
    [1051, 'Refund amount cannot be more than the remaining refundable amount'],
    [10.5, 'Please enter a valid amount'],
  ])('rejects %j of 1050 remaining with %j', (input, message) => {
    expect(messageFor(refundAmountSchema(1050), input)).toBe(message);
  });

  it('rejects any amount when nothing remains', () => {
    expect(messageFor(refundAmountSchema(0), 1)).toBe(
      'Refund amount cannot be more than the remaining refundable amount',
    );
  });

  it('reads typed text: "10,50" in fr-FR is the whole remaining 1050', () => {
    expect(accepted(refundAmountInputSchema(1050, 'fr-FR', 'EUR'), '10,50')).toBe(1050);
    expect(messageFor(refundAmountInputSchema(1050, 'fr-FR', 'EUR'), '10,51')).toBe(
      'Refund amount cannot be more than the remaining refundable amount',
    );
    expect(messageFor(refundAmountInputSchema(1050, 'en-GB', 'GBP'), '1.005')).toBe(
      'Please enter a valid amount',
    );
  });
});

describe('rate percentage (SPEC §3 billing rates: 0 to 100, at most 4 decimals)', () => {
  const RATE_MESSAGE = 'Enter a percentage from 0 to 100 with at most 4 decimal places';

  it.each([0, 100, 1.2, 2.9, 1.2345, 99.9999, 0.0001])('accepts %d', (input) => {
    expect(accepted(ratePercentSchema, input)).toBe(input);
  });

  it.each([
    100.0001,
    101,
    1.23456,
    0.00001,
    -0.0001,
    -1,
    Number.NaN,
    Number.POSITIVE_INFINITY,
    '1.2',
    true,
    {},
  ])('rejects %j', (input) => {
    expect(messageFor(ratePercentSchema, input)).toBe(RATE_MESSAGE);
  });

  it('is required', () => {
    expect(messageFor(ratePercentSchema, undefined)).toBe('Required');
    expect(messageFor(ratePercentSchema, null)).toBe('Required');
  });

  it('puts its key as the rule of a 400 detail', () => {
    expect(rejected(ratePercentSchema, 100.0001)).toEqual([
      { field: '', rule: 'validation.ratePercentInvalid', message: RATE_MESSAGE },
    ]);
  });

  it('reads typed text in the locale, exactly', () => {
    expect(accepted(ratePercentInputSchema('fr-FR'), '1,2345')).toBe(1.2345);
    expect(accepted(ratePercentInputSchema('en-GB'), '100')).toBe(100);
    expect(accepted(ratePercentInputSchema('en-GB'), '0')).toBe(0);
    expect(accepted(ratePercentInputSchema('it-IT'), '0,0001')).toBe(0.0001);
    // Sums that are not exact in binary floating point come out as the typed decimal.
    expect(accepted(ratePercentInputSchema('en-GB'), '1.15')).toBe(1.15);
  });

  it.each([
    ['100.0001', RATE_MESSAGE],
    ['1.23456', RATE_MESSAGE],
    ['-1', RATE_MESSAGE],
    ['abc', RATE_MESSAGE],
    ['1.2.3', RATE_MESSAGE],
    ['', 'Required'],
    ['   ', 'Required'],
  ])('rejects typed %j with %j', (input, message) => {
    expect(messageFor(ratePercentInputSchema('en-GB'), input)).toBe(message);
  });
});
