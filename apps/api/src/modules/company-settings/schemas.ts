import { SETTLEMENT_TYPES, WEEKDAYS } from '@mp/domain/enums';
import { optionalText, requiredText } from '@mp/domain/schemas/common';
import { calendarDateSchema } from '@mp/domain/schemas/date-range';
import { dealReferenceSchema } from '@mp/domain/schemas/deals';
import { monthlyFeeAmountSchema, ratePercentSchema } from '@mp/domain/schemas/settings';
import { z } from 'zod';

export const RATES_UPDATED_TODAY_MESSAGE = 'Rates cannot be updated today; come back tomorrow';

const minorUnitsSchema = z
  .number({ error: 'validation.invalid' })
  .int({ error: 'validation.invalid' })
  .min(0, { error: 'validation.invalid' })
  .max(1_000_000_000, { error: 'validation.invalid' });

const dateSchema = calendarDateSchema;
const HH_MM = /^([01]\d|2[0-3]):[0-5]\d$/;

const openingSchema = z
  .object({
    opens: z.string().regex(HH_MM, { error: 'validation.invalid' }),
    closes: z.string().regex(HH_MM, { error: 'validation.invalid' }),
  })
  .refine((slot) => slot.opens < slot.closes, { error: 'validation.invalid', path: ['closes'] });

export const tradingHoursSchema = z
  .partialRecord(z.enum(WEEKDAYS), z.array(openingSchema).max(4))
  .describe('Opening slots per weekday, HH:MM in the merchant time zone');

const description = requiredText(200);

export const ratesBodySchema = z
  .object({
    // SPEC §3 rates: the domain rule (0 to 100, at most 4 decimals), stored as an exact numeric, never a float.
    domesticPercent: ratePercentSchema,
    eeaPercent: ratePercentSchema,
    globalPercent: ratePercentSchema,
    amexPercent: ratePercentSchema,
    otherPercent: ratePercentSchema,
    tapToPayPercent: ratePercentSchema,
    fixedFee: minorUnitsSchema.default(0).describe('Per-transaction fixed fee, minor units'),
    deviceRentalMonthly: minorUnitsSchema.describe('Device rental monthly rate, minor units'),
    settlementType: z.enum(SETTLEMENT_TYPES, { error: 'validation.invalid' }),
    contractEndDate: dateSchema.nullable(),
    backfill: z.boolean({ error: 'validation.invalid' }),
    discounts: z
      .array(
        z.object({
          description,
          percent: ratePercentSchema.refine((value) => value > 0, { error: 'validation.invalid' }),
          durationMonths: z.number().int().min(1).max(120).nullable(),
          startsOn: dateSchema,
        }),
      )
      .max(20),
    // SPEC §5: monthly fee amount greater than 0 (the domain rule and its message).
    monthlyFees: z
      .array(
        z.object({
          description,
          amount: monthlyFeeAmountSchema,
          startsOn: dateSchema,
          endsOn: dateSchema.nullable(),
        }),
      )
      .max(20),
    credits: z
      .array(
        z.object({
          description,
          amount: minorUnitsSchema.refine((v) => v > 0, { error: 'validation.invalid' }),
          startsOn: dateSchema,
        }),
      )
      .max(20),
    feeDestination: z
      .string()
      .trim()
      .max(200)
      .nullable()
      .describe('Where fees are collected from, e.g. a site or account'),
    tradingHours: tradingHoursSchema.nullable(),
  })
  .meta({ id: 'RatesUpdate' });

export type RatesBody = z.output<typeof ratesBodySchema>;

export const ratesSchema = z
  .object({
    current: z
      .object({
        domesticPercent: z.number(),
        eeaPercent: z.number(),
        globalPercent: z.number(),
        amexPercent: z.number(),
        otherPercent: z.number(),
        tapToPayPercent: z.number(),
        fixedFee: z.number(),
        deviceRentalMonthly: z.number(),
        currency: z.string(),
        settlementType: z.enum(SETTLEMENT_TYPES),
        contractEndDate: z.string().nullable(),
        backfill: z.boolean(),
        effectiveFrom: z.string(),
        updatedAt: z.string(),
      })
      .nullable(),
    discounts: z.array(
      z.object({
        description: z.string(),
        percent: z.number(),
        durationMonths: z.number().nullable(),
        startsOn: z.string(),
      }),
    ),
    monthlyFees: z.array(
      z.object({
        description: z.string(),
        amount: z.number(),
        startsOn: z.string(),
        endsOn: z.string().nullable(),
      }),
    ),
    credits: z.array(z.object({ description: z.string(), amount: z.number(), startsOn: z.string() })),
    currency: z.string(),
    feeDestination: z.string().nullable(),
    tradingHours: tradingHoursSchema.nullable(),
    dealReference: z.string().nullable(),
    canUpdateToday: z
      .boolean()
      .describe('False when the rates were already changed today (merchant time zone)'),
  })
  .meta({ id: 'Rates' });

export const associateQuerySchema = z.object({ dealReference: dealReferenceSchema });

export const companyDetailsBodySchema = z
  .object({
    legalEntityName: requiredText(200),
    registrationNumber: optionalText(40).nullable().optional(),
    vatNumber: optionalText(20).nullable().optional(),
    industry: optionalText(100).nullable().optional(),
  })
  .meta({ id: 'CompanyDetailsUpdate' });

export type CompanyDetailsBody = z.output<typeof companyDetailsBodySchema>;
