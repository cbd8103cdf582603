// Building blocks the rule schemas share. Every issue's message is a message key (see ../messages.ts).
import { z } from 'zod';
import type { MessageKey } from '../messages.ts';
import { isStorableText, type TextRuleOptions, textRule } from '../rules/text.ts';

/**
 * zod runs a string's length checks (min, max, length) even after its type check failed, on any input with a
 * `length`, and compares that length as it is: `{ length: Object.create(null) }` made safeParse throw (found by
 * schemas-never-throw.test.ts). Marking a non-string's parse aborted leaves the type check's issue the only one.
 */
const stopUnlessString = z.superRefine(
  (value, ctx) => {
    if (typeof value !== 'string') (ctx as unknown as { aborted: boolean }).aborted = true;
  },
  { when: () => true },
);

/**
 * A string; a missing value (undefined/null) is "Required", any other non-string is "Invalid value". Every
 * string must be storable (no NUL, no lone surrogate: `validation.textInvalidCharacters`), whatever else it is.
 */
export function stringInput(required: MessageKey = 'validation.required') {
  return z
    .string({
      error: (issue) => (issue.input === undefined || issue.input === null ? required : 'validation.invalid'),
    })
    .check(stopUnlessString)
    .refine(isStorableText, { error: 'validation.textInvalidCharacters', abort: true });
}

/** Issue 8 §3's text rule as a zod check: no control characters (tab/newline only when multi-line). */
export function withTextRule<S extends z.ZodString>(schema: S, options: TextRuleOptions = {}): S {
  return schema.refine((value) => textRule(value, options) === undefined, {
    error: 'validation.textInvalidCharacters',
    abort: true,
  }) as S;
}

/** Free text: trimmed, non-empty, at most `max` characters, passing the text rule (single-line by default). */
export function requiredText(
  max: number,
  required: MessageKey = 'validation.required',
  options: TextRuleOptions = {},
) {
  return withTextRule(stringInput(required), options)
    .trim()
    .min(1, { error: required, abort: true })
    .max(max, { error: 'validation.tooLong', abort: true });
}

/** Optional free text (may be empty after trimming): at most `max` characters, passing the text rule. */
export function optionalText(max: number, options: TextRuleOptions = {}) {
  return withTextRule(stringInput(), options).trim().max(max, { error: 'validation.tooLong', abort: true });
}

/** A finite number; missing is "Required", anything else (text, NaN, Infinity) is `notANumber`. */
export function numberInput(notANumber: MessageKey) {
  return z.number({
    error: (issue) =>
      issue.input === undefined || issue.input === null ? 'validation.required' : notANumber,
  });
}

/** True when `value` has at most `digits` decimal places (as written in its shortest decimal form). */
export function hasAtMostDecimals(value: number, digits: number): boolean {
  if (!Number.isFinite(value)) return false;
  const [mantissa = '', exponent] = Math.abs(value).toExponential().split('e');
  const fraction = (mantissa.split('.')[1] ?? '').length;
  return fraction - Number(exponent) <= digits;
}

/** An object; missing is "Required", any other non-object is "Invalid value". */
export function objectInput<Shape extends z.core.$ZodLooseShape>(shape: Shape) {
  return z.object(shape, {
    error: (issue) =>
      issue.input === undefined || issue.input === null ? 'validation.required' : 'validation.invalid',
  });
}
