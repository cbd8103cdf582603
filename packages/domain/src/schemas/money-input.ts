// Amount rules work on integer minor units (what the API receives). The portal's text inputs go through
// `amountInputSchema`, which reads the typed text with parseMoneyInput and then applies the same rule.
import { z } from 'zod';
import type { MessageKey } from '../messages.ts';
import { parseMoneyInput } from '../money.ts';
import { numberInput, stringInput } from './common.ts';

export interface AmountRuleKeys {
  /** not a number, or a fraction of a minor unit */
  notANumber: MessageKey;
  fraction: MessageKey;
  notPositive: MessageKey;
}

/** An integer number of minor units greater than 0, at most `max` when given. */
export function positiveMinorUnitsSchema(keys: AmountRuleKeys, max?: { value: number; key: MessageKey }) {
  const schema = numberInput(keys.notANumber)
    .int({ error: keys.fraction, abort: true })
    .positive({ error: keys.notPositive, abort: true });
  return max ? schema.max(max.value, { error: max.key }) : schema;
}

/** Text typed in `locale` → minor units of `currency`, checked by `rule`. */
export function amountInputSchema(
  locale: string,
  currency: string,
  keys: AmountRuleKeys,
  rule: z.ZodType<number, number>,
) {
  return stringInput()
    .transform((text, ctx) => {
      const parsed = parseMoneyInput(text, locale, currency);
      if (parsed.ok) return parsed.amount;
      const failureKeys = {
        empty: 'validation.required',
        invalid: keys.notANumber,
        'too-many-decimals': keys.fraction,
      } as const;
      ctx.addIssue({ code: 'custom', message: failureKeys[parsed.reason], input: text });
      return z.NEVER;
    })
    .pipe(rule);
}
