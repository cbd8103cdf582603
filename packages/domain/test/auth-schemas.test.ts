import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  confirmSignUpSchema,
  emailSchema,
  newPasswordFormSchema,
  numericCodeSchema,
  passwordSchema,
  signInPasswordSchema,
  signInSchema,
  signUpSchema,
} from '../src/schemas/auth.ts';
import { PHONE_PATTERN, phoneNumberSchema } from '../src/schemas/phone.ts';
import { toValidationDetails } from '../src/validation.ts';
import { accepted, messageFor, rejected } from './rule-helpers.ts';

const PASSWORD_RULE =
  'Passwords must be at least 8 characters long, contain at least one number, one uppercase letter, and one lowercase letter.';

describe('email (SPEC §5)', () => {
  it('lowercases and trims a valid email', () => {
    expect(accepted(emailSchema, '  Jane.Doe+shop@Example.CO.UK ')).toBe('jane.doe+shop@example.co.uk');
  });

  it.each([undefined, null, '', '   '])('rejects %j with "Required"', (input) => {
    expect(messageFor(emailSchema, input)).toBe('Required');
  });

  it.each(['jane', 'jane@', '@example.com', 'jane@example', 'jane doe@example.com', 'jane@@example.com'])(
    'rejects %j with "Email must be valid"',
    (input) => {
      expect(messageFor(emailSchema, input)).toBe('Email must be valid');
    },
  );

  it('rejects an email longer than 254 characters', () => {
    expect(messageFor(emailSchema, `${'a'.repeat(250)}@example.com`)).toBe('Email must be valid');
  });

  it('sign-in lowercases the email and only requires a password', () => {
    expect(accepted(signInSchema, { email: 'A@B.COM', password: 'x' })).toEqual({
      email: 'a@b.com',
      password: 'x',
    });
    expect(messageFor(signInPasswordSchema, '')).toBe('Required');
    expect(rejected(signInSchema, { email: '', password: '' })).toEqual([
      { field: 'email', rule: 'validation.required', message: 'Required' },
      { field: 'password', rule: 'validation.required', message: 'Required' },
    ]);
  });
});

describe('password form rule (SPEC §5)', () => {
  it.each(['Abcdefg1', 'PASSword123', 'Ünïcode9a', 'Abcdefg1!@#'])('accepts %j', (input) => {
    expect(accepted(passwordSchema, input)).toBe(input);
  });

  it('rejects an empty password with "Required"', () => {
    expect(messageFor(passwordSchema, '')).toBe('Required');
  });

  it.each([
    ['7 characters', 'Abcde1f'],
    ['no digit', 'Abcdefgh'],
    ['no uppercase', 'abcdefg1'],
    ['no lowercase', 'ABCDEFG1'],
    ['symbols but no digit', 'Abcdefg!'],
  ])('rejects a password with %s with the rule message', (_, input) => {
    expect(messageFor(passwordSchema, input)).toBe(PASSWORD_RULE);
  });

  it('requires the repeat password and that it matches', () => {
    expect(
      accepted(newPasswordFormSchema, { password: 'Abcdefg1', repeatPassword: 'Abcdefg1' }),
    ).toBeTruthy();
    expect(rejected(newPasswordFormSchema, { password: 'Abcdefg1', repeatPassword: '' })).toEqual([
      { field: 'repeatPassword', rule: 'validation.required', message: 'Required' },
    ]);
    expect(rejected(newPasswordFormSchema, { password: 'Abcdefg1', repeatPassword: 'Abcdefg2' })).toEqual([
      { field: 'repeatPassword', rule: 'validation.passwordsMustMatch', message: 'Passwords must match' },
    ]);
  });
});

describe('confirmation and reset codes (SPEC §5, §9)', () => {
  it('accepts six digits, trimmed', () => {
    expect(accepted(numericCodeSchema, ' 012345 ')).toBe('012345');
  });

  it.each([
    ['', 'Required'],
    [undefined, 'Required'],
    ['12a456', 'Code must contain numbers only'],
    ['12 456', 'Code must contain numbers only'],
    ['12345', 'Code must be 6 digits'],
    ['1234567', 'Code must be 6 digits'],
  ])('rejects %j with %j', (input, message) => {
    expect(messageFor(numericCodeSchema, input)).toBe(message);
  });

  it('confirm sign-up lowercases the email', () => {
    expect(accepted(confirmSignUpSchema, { email: 'X@Y.ORG', code: '123456' }).email).toBe('x@y.org');
  });
});

describe('phone (SPEC §5)', () => {
  it.each(['+44 20 7946 0958', '+447911123456', '+33 1 42 68 53 00', '+34 912 345 678', '+39 06 6982 1234'])(
    'accepts the valid international number %j',
    (input) => {
      expect(accepted(phoneNumberSchema, input)).toBe(input);
    },
  );

  it.each(['+44 12', '+999 1234 5678', '+phone'])(
    'rejects %j, in international form but no number, with "Please enter a valid phone number"',
    (input) => {
      expect(messageFor(phoneNumberSchema, input)).toBe('Please enter a valid phone number');
    },
  );

  // Decision 0135: the pattern's shape or the international form; then libphonenumber-js decides.
  it.each(['12', '12345', 'phone', '020 7946 0958', '0044 20 7946 0000', '020/794/6000'])(
    'rejects %j, neither in SPEC’s pattern nor in international form, with "Invalid number"',
    (input) => {
      expect(messageFor(phoneNumberSchema, input)).toBe('Invalid number');
    },
  );

  it.each(['(020) 794-6000', '555.123.4567'])(
    'reads %j, in the pattern’s shape without a country code, as "Please enter a valid phone number"',
    (input) => {
      expect(messageFor(phoneNumberSchema, input)).toBe('Please enter a valid phone number');
    },
  );

  it.each(['+44 20 7946 0000', '+44 (0)20 7946 0000', '+1 (202) 555-0143', ' +44 20 7946 0000 '])(
    'still accepts the international number %j',
    (input) => {
      expect(accepted(phoneNumberSchema, input)).toBe(input.trim());
    },
  );

  it('rejects an empty phone with "Required"', () => {
    expect(messageFor(phoneNumberSchema, '')).toBe('Required');
  });

  it.each(['(020) 794-6000', '020-794-6000', '020.794.600012', '020 794 60001', '0207946000'])(
    'the pattern accepts %j',
    (input) => {
      expect(PHONE_PATTERN.test(input)).toBe(true);
    },
  );

  it.each(['02-794-6000', '020-794-600', '020-794-6000123', '020/794/6000', '(020 794 6000x'])(
    'the pattern rejects %j: "Invalid number"',
    (input) => {
      expect(PHONE_PATTERN.test(input)).toBe(false);
      expect(messageFor(phoneNumberSchema, input)).toBe('Invalid number');
    },
  );

  it('sign-up needs email, the password rule and a valid phone', () => {
    expect(
      rejected(signUpSchema, { email: 'a@b.com', password: 'short', phoneNumber: '1' }).map((d) => d.rule),
    ).toEqual(['validation.passwordRule', 'validation.phonePatternInvalid']);
    expect(
      rejected(signUpSchema, { email: 'a@b.com', password: 'Passw0rdX', phoneNumber: '+44 12' }).map(
        (d) => d.rule,
      ),
    ).toEqual(['validation.phoneInvalid']);
  });
});

describe('the sign-in rules are zod/mini schemas that classic zod uses like its own (issue 2 §8)', () => {
  it('nested in a classic object (as the API does), they give the same 400 details', () => {
    const body = z.object({ email: emailSchema, password: signInPasswordSchema });
    expect(body.parse({ email: ' A@B.COM ', password: 'x' })).toEqual({ email: 'a@b.com', password: 'x' });
    const result = body.safeParse({ email: 'jane@', password: '' });
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(toValidationDetails(result.error)).toEqual([
      { field: 'email', rule: 'validation.emailInvalid', message: 'Email must be valid' },
      { field: 'password', rule: 'validation.required', message: 'Required' },
    ]);
  });

  it('their own safeParse (as the portal does) reports the message keys', () => {
    const result = signInSchema.safeParse({ email: 'JANE', password: 7 });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['email', 'validation.emailInvalid'],
      ['password', 'validation.invalid'],
    ]);
    expect(signInSchema.safeParse(undefined).error?.issues[0]?.message).toBe('validation.required');
  });

  it('turn into the same JSON Schema as before, so OpenAPI is unchanged', () => {
    expect(z.toJSONSchema(z.object({ email: emailSchema, password: signInPasswordSchema }))).toMatchObject({
      properties: {
        email: { type: 'string', minLength: 1, maxLength: 254, format: 'email' },
        password: { type: 'string', minLength: 1 },
      },
      required: ['email', 'password'],
    });
  });
});
