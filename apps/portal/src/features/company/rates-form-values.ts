import { RATE_PERCENT_MAX_DECIMALS } from '@mp/domain/constants';
import { SETTLEMENT_TYPES, type SettlementType, WEEKDAYS, type Weekday } from '@mp/domain/enums';
import type { Locale } from '@mp/domain/locales';
import { formatMoneyInput, parseMoneyInput } from '@mp/domain/money';
import { amountInputSchema, positiveMinorUnitsSchema } from '@mp/domain/schemas/money-input';
import { monthlyFeeAmountInputSchema, ratePercentInputSchema } from '@mp/domain/schemas/settings';
import { z } from 'zod';
import type { Rates } from './api/get-rates.ts';
import type { RatesUpdate } from './api/update-rates.ts';

export const PERCENT_FIELDS = [
  'domesticPercent',
  'eeaPercent',
  'globalPercent',
  'amexPercent',
  'otherPercent',
  'tapToPayPercent',
] as const;
type PercentField = (typeof PERCENT_FIELDS)[number];

/** What the staff rates form holds: text as typed (in the staff member's locale), converted on submit. */
export type RatesFormValues = Record<PercentField, string> & {
  fixedFee: string;
  deviceRentalMonthly: string;
  settlementType: SettlementType;
  contractEndDate: string;
  backfill: boolean;
  discounts: { description: string; percent: string; durationMonths: string; startsOn: string }[];
  monthlyFees: { description: string; amount: string; startsOn: string; endsOn: string }[];
  credits: { description: string; amount: string; startsOn: string }[];
  feeDestination: string;
  tradingHours: Record<Weekday, { opens: string; closes: string }>;
};

/** An amount that may be 0 (fixed fee, device rental), typed in `locale`, as minor units. */
function amountOrZeroInput(locale: string, currency: string) {
  return z.string().transform((text, ctx) => {
    const parsed = parseMoneyInput(text, locale, currency);
    if (parsed.ok && parsed.amount >= 0) return parsed.amount;
    ctx.addIssue({
      code: 'custom',
      message: parsed.ok || parsed.reason !== 'empty' ? 'validation.amountInvalid' : 'validation.required',
    });
    return z.NEVER;
  });
}

const CREDIT_KEYS = {
  notANumber: 'validation.amountInvalid',
  fraction: 'validation.amountInvalid',
  notPositive: 'validation.monthlyFeePositive',
} as const;

const requiredDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'validation.required' });
const optionalDate = z
  .string()
  .regex(/^(\d{4}-\d{2}-\d{2})?$/, { error: 'validation.invalid' })
  .transform((value) => (value === '' ? null : value));
const description = z
  .string()
  .trim()
  .min(1, { error: 'validation.required' })
  .max(200, { error: 'validation.invalid' });

/**
 * The form's rules, on the domain package's rate and amount rules (SPEC §5: monthly fee amount greater than 0), turned
 * into the PUT /rates body.
 */
export function ratesFormSchema(locale: Locale, currency: string) {
  // SPEC §3 rates: the domain rule the API checks too (0 to 100, at most 4 decimals), read in the locale.
  const percent = ratePercentInputSchema(locale);
  return z
    .object({
      domesticPercent: percent,
      eeaPercent: percent,
      globalPercent: percent,
      amexPercent: percent,
      otherPercent: percent,
      tapToPayPercent: percent,
      fixedFee: amountOrZeroInput(locale, currency),
      deviceRentalMonthly: amountOrZeroInput(locale, currency),
      settlementType: z.enum(SETTLEMENT_TYPES),
      contractEndDate: optionalDate,
      backfill: z.boolean(),
      discounts: z.array(
        z.object({
          description,
          percent,
          durationMonths: z
            .string()
            .regex(/^(\d{1,3})?$/, { error: 'validation.invalid' })
            .transform((value) => (value === '' ? null : Number(value))),
          startsOn: requiredDate,
        }),
      ),
      monthlyFees: z.array(
        z.object({
          description,
          amount: monthlyFeeAmountInputSchema(locale, currency),
          startsOn: requiredDate,
          endsOn: optionalDate,
        }),
      ),
      credits: z.array(
        z.object({
          description,
          amount: amountInputSchema(locale, currency, CREDIT_KEYS, positiveMinorUnitsSchema(CREDIT_KEYS)),
          startsOn: requiredDate,
        }),
      ),
      feeDestination: z.string().trim().max(200, { error: 'validation.invalid' }),
      tradingHours: z.record(z.enum(WEEKDAYS), z.object({ opens: z.string(), closes: z.string() })),
    })
    .transform(
      (form): RatesUpdate => ({
        ...form,
        feeDestination: form.feeDestination === '' ? null : form.feeDestination,
        tradingHours: tradingHoursBody(form.tradingHours),
      }),
    );
}

function tradingHoursBody(
  hours: Record<Weekday, { opens: string; closes: string }>,
): RatesUpdate['tradingHours'] {
  const body: NonNullable<RatesUpdate['tradingHours']> = {};
  for (const day of WEEKDAYS) {
    const slot = hours[day];
    if (slot.opens && slot.closes) body[day] = [{ opens: slot.opens, closes: slot.closes }];
  }
  return Object.keys(body).length > 0 ? body : null;
}

const decimalText = (value: number, locale: string, decimals: number) =>
  new Intl.NumberFormat(locale, { maximumFractionDigits: decimals, useGrouping: false }).format(value);

/** The current rates as the form shows them (an empty form when none were set). */
export function ratesToForm(rates: Rates | undefined, locale: string): RatesFormValues {
  const current = rates?.current ?? null;
  const currency = rates?.currency ?? 'GBP';
  const pct = (value: number | undefined) =>
    value === undefined ? '' : decimalText(value, locale, RATE_PERCENT_MAX_DECIMALS);
  const money = (amount: number) => formatMoneyInput(amount, locale, currency);
  const tradingHours = Object.fromEntries(
    WEEKDAYS.map((day) => {
      const slot = rates?.tradingHours?.[day]?.[0];
      return [day, { opens: slot?.opens ?? '', closes: slot?.closes ?? '' }];
    }),
  ) as RatesFormValues['tradingHours'];
  return {
    domesticPercent: pct(current?.domesticPercent),
    eeaPercent: pct(current?.eeaPercent),
    globalPercent: pct(current?.globalPercent),
    amexPercent: pct(current?.amexPercent),
    otherPercent: pct(current?.otherPercent),
    tapToPayPercent: pct(current?.tapToPayPercent),
    fixedFee: money(current?.fixedFee ?? 0),
    deviceRentalMonthly: money(current?.deviceRentalMonthly ?? 0),
    settlementType: current?.settlementType ?? 'net',
    contractEndDate: current?.contractEndDate ?? '',
    backfill: current?.backfill ?? false,
    discounts: (rates?.discounts ?? []).map((d) => ({
      description: d.description,
      percent: pct(d.percent),
      durationMonths: d.durationMonths === null ? '' : String(d.durationMonths),
      startsOn: d.startsOn,
    })),
    monthlyFees: (rates?.monthlyFees ?? []).map((f) => ({
      description: f.description,
      amount: money(f.amount),
      startsOn: f.startsOn,
      endsOn: f.endsOn ?? '',
    })),
    credits: (rates?.credits ?? []).map((c) => ({
      description: c.description,
      amount: money(c.amount),
      startsOn: c.startsOn,
    })),
    feeDestination: rates?.feeDestination ?? '',
    tradingHours,
  };
}
