import { expect } from 'vitest';
import type { z } from 'zod';
import { toValidationDetails, type ValidationDetail } from '../src/validation.ts';

/** Parses `input` and returns the output, failing the test with the details when it is rejected. */
export function accepted<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (!result.success)
    expect.fail(`rejected ${JSON.stringify(input)}: ${JSON.stringify(toValidationDetails(result.error))}`);
  return result.data;
}

/** The 400 details (field, rule, en-GB message) for a rejected input; fails when it is accepted. */
export function rejected(schema: z.ZodType, input: unknown): ValidationDetail[] {
  const result = schema.safeParse(input);
  if (result.success) expect.fail(`accepted ${JSON.stringify(input)}`);
  return toValidationDetails(result.error);
}

/** The en-GB message of the single issue raised for `input`. */
export function messageFor(schema: z.ZodType, input: unknown): string {
  const details = rejected(schema, input);
  expect(details, JSON.stringify(details)).toHaveLength(1);
  return details[0]?.message ?? '';
}
