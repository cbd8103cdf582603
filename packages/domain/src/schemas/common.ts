// Building blocks the rule schemas share. Every issue's message is a message key (see ../messages.ts).
import { z } from 'zod';
import type { MessageKey } from '../messages.ts';

/** A string; a missing value (undefined/null) is "Required", any other non-string is "Invalid value". */
export function stringInput(required: MessageKey = 'validation.required') {
  return z.string({
    error: (issue) => (issue.input === undefined || issue.input === null ? required : 'validation.invalid'),
  });
}

/** Trimmed, non-empty, at most `max` characters. */
export function requiredText(max: number, required: MessageKey = 'validation.required') {
  return stringInput(required)
    .trim()
    .min(1, { error: required, abort: true })
    .max(max, { error: 'validation.tooLong', abort: true });
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
