// Deals (docs/decisions/0079): price offers staff make before the merchant exists; onboarding and staff's
// "associate" copy one into a merchant's rates. The API and the staff screen share these rules.
import { z } from 'zod';
import { SETTLEMENT_TYPES } from '../enums.ts';
import { numberInput, objectInput, requiredText, stringInput } from './common.ts';
import { calendarDateSchema } from './date-range.ts';
import { monthlyFeeAmountSchema, ratePercentSchema } from './settings.ts';

/** `DL-` and five letters or digits, e.g. `DL-7K3Q9`; read case-insensitively. */
export const DEAL_REFERENCE_PATTERN = /^DL-[A-Z0-9]{5}$/;
/** The characters a new reference is drawn from: no 0/O, 1/I/L, so it reads out on the phone. */
export const DEAL_REFERENCE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/** The currencies merchants are billed in (their country's: `currencyForCountry`). */
export const DEAL_CURRENCIES = ['GBP', 'EUR', 'DKK', 'SEK', 'PLN', 'CZK', 'HUF', 'RON', 'BGN'] as const;

export const DEAL_STATUSES = ['active', 'withdrawn'] as const;
export type DealStatus = (typeof DEAL_STATUSES)[number];

export const dealReferenceSchema = stringInput()
  .trim()
  .toUpperCase()
  .regex(DEAL_REFERENCE_PATTERN, { error: 'validation.dealReferenceInvalid' });

const minorUnits = numberInput('validation.amountInvalid')
  .int({ error: 'validation.amountInvalid', abort: true })
  .min(0, { error: 'validation.amountInvalid', abort: true })
  .max(1_000_000_000, { error: 'validation.amountInvalid' });

const months = numberInput('validation.invalid')
  .int({ error: 'validation.invalid', abort: true })
  .min(1, { error: 'validation.invalid', abort: true })
  .max(120, { error: 'validation.invalid' });

/** POST /v1/staff/deals: the rate fields of `rates`, monthly fees and discounts, and the last day it is valid. */
export const dealBodySchema = objectInput({
  name: requiredText(100),
  currency: z.enum(DEAL_CURRENCIES, { error: 'validation.dealCurrencyInvalid' }),
  domesticPercent: ratePercentSchema,
  eeaPercent: ratePercentSchema,
  globalPercent: ratePercentSchema,
  amexPercent: ratePercentSchema,
  otherPercent: ratePercentSchema,
  tapToPayPercent: ratePercentSchema,
  fixedFee: minorUnits.default(0),
  deviceRentalMonthly: minorUnits,
  settlementType: z.enum(SETTLEMENT_TYPES, { error: 'validation.invalid' }).default('net'),
  contractMonths: months.nullable().default(null),
  monthlyFees: z
    .array(objectInput({ description: requiredText(200), amount: monthlyFeeAmountSchema }), {
      error: 'validation.invalid',
    })
    .max(10, { error: 'validation.invalid' })
    .default([]),
  discounts: z
    .array(
      objectInput({
        description: requiredText(200),
        percent: ratePercentSchema.refine((value) => value > 0, { error: 'validation.ratePercentInvalid' }),
        durationMonths: months.nullable().default(null),
      }),
      { error: 'validation.invalid' },
    )
    .max(10, { error: 'validation.invalid' })
    .default([]),
  /** Inclusive; today or later (checked against the server's clock). */
  validUntil: calendarDateSchema,
});
export type DealBody = z.output<typeof dealBodySchema>;

/** PUT /v1/staff/deals/{reference}: withdraw it, or move its last valid day (extend). */
export const dealUpdateBodySchema = objectInput({
  status: z.literal('withdrawn', { error: 'validation.invalid' }).optional(),
  validUntil: calendarDateSchema.optional(),
}).refine((body) => body.status !== undefined || body.validUntil !== undefined, {
  error: 'validation.required',
  path: ['status'],
});
export type DealUpdateBody = z.output<typeof dealUpdateBodySchema>;
