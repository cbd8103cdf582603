import { expect } from 'vitest';
import { z } from 'zod';
import { toValidationDetails, type ValidationDetail } from '../src/validation.ts';

// Any zod schema, classic or zod/mini (the sign-in rules, see auth.ts): parsed the way the API parses them, so the
// error is a classic ZodError.

/** Parses `input` and returns the output, failing the test with the details when it is rejected. */
export function accepted<S extends z.core.$ZodType>(schema: S, input: unknown): z.output<S> {
  const result = z.safeParse(schema, input);
  if (!result.success)
    expect.fail(`rejected ${JSON.stringify(input)}: ${JSON.stringify(toValidationDetails(result.error))}`);
  return result.data;
}

/** The 400 details (field, rule, en-GB message) for a rejected input; fails when it is accepted. */
export function rejected(schema: z.core.$ZodType, input: unknown): ValidationDetail[] {
  const result = z.safeParse(schema, input);
  if (result.success) expect.fail(`accepted ${JSON.stringify(input)}`);
  return toValidationDetails(result.error);
}

/** The en-GB message of the single issue raised for `input`. */
export function messageFor(schema: z.core.$ZodType, input: unknown): string {
  const details = rejected(schema, input);
  expect(details, JSON.stringify(details)).toHaveLength(1);
  return details[0]?.message ?? '';
}
