import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { EMAIL_MAX_LENGTH, emailRule, normaliseEmail } from '../src/rules/email.ts';
import { requiredRule } from '../src/rules/required.ts';
import { signInRules } from '../src/rules/sign-in.ts';
import { emailSchema, signInPasswordSchema, signInSchema } from '../src/schemas/sign-in.ts';

/** The message key zod reports for a value, or undefined when the schema accepts it. */
const zodKey = (schema: z.core.$ZodType, value: unknown) =>
  z.safeParse(schema, value).error?.issues[0]?.message;

// Strings that look like addresses (local@domain.tld with odd case, spaces, dots and symbols) as well as any string,
// so both branches of the rule are exercised, not only "Email must be valid".
const emailLike = fc
  .tuple(
    fc.constantFrom('', ' ', '  ', '\t'),
    fc.stringMatching(/^[A-Za-z0-9_'+.\- ]{0,12}$/),
    fc.constantFrom('@', '@@', '', ' @'),
    fc.stringMatching(/^[A-Za-z0-9.-]{0,12}$/),
    fc.constantFrom('.com', '.CO.UK', '.c', '', '.fr '),
    fc.constantFrom('', ' ', '\n'),
  )
  .map((parts) => parts.join(''));
const anyEmail = fc.oneof(fc.string(), fc.string({ unit: 'grapheme' }), emailLike);

describe('the sign-in rules are plain functions and the zod schemas apply them (issue 2 §8, SPEC §5)', () => {
  it('email: the schema and the rule agree on every string (key, and the output is the normalised value)', () => {
    fc.assert(
      fc.property(anyEmail, (value) => {
        const result = z.safeParse(emailSchema, value);
        expect(result.error?.issues[0]?.message).toBe(emailRule(value));
        expect(result.error?.issues ?? []).toHaveLength(emailRule(value) ? 1 : 0);
        if (result.success) expect(result.data).toBe(normaliseEmail(value));
      }),
      { numRuns: 2000 },
    );
  });

  it('password: the schema and the required rule agree on every string', () => {
    fc.assert(
      fc.property(fc.string(), (value) => {
        expect(zodKey(signInPasswordSchema, value)).toBe(requiredRule(value));
      }),
    );
  });

  it('the form rules give the same keys and the same output as signInSchema', () => {
    fc.assert(
      fc.property(anyEmail, fc.string(), (email, password) => {
        const values = { email, password };
        const result = z.safeParse(signInSchema, values);
        const keys = Object.fromEntries(
          result.error?.issues.map((issue) => [issue.path[0], issue.message]) ?? [],
        );
        expect(keys).toEqual({
          ...(signInRules.fields.email(email) && { email: signInRules.fields.email(email) }),
          ...(signInRules.fields.password(password) && { password: signInRules.fields.password(password) }),
        });
        if (result.success) expect(result.data).toEqual(signInRules.output(values));
      }),
    );
  });

  it('say what SPEC §5 says on the cases people type', () => {
    expect(emailRule('')).toBe('validation.required');
    expect(emailRule('   ')).toBe('validation.required');
    expect(emailRule('jane@')).toBe('validation.emailInvalid');
    expect(emailRule(`${'a'.repeat(EMAIL_MAX_LENGTH)}@example.com`)).toBe('validation.emailInvalid');
    expect(emailRule(' Jane.Doe+shop@Example.CO.UK ')).toBeUndefined();
    expect(normaliseEmail(' Jane.Doe+shop@Example.CO.UK ')).toBe('jane.doe+shop@example.co.uk');
    expect(requiredRule('')).toBe('validation.required');
    expect(requiredRule(' ')).toBeUndefined();
  });
});
