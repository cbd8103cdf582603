// SPEC §5 "Auth and account": the rules /signin needs (email required, valid and lowercased; password required).
//
// Written with zod/mini, zod 4's tree-shakable API, and kept apart from ./auth.ts (which imports classic zod for
// the other account rules): a bundler splits code per module, so /signin downloads this module and zod/mini's few
// functions, not classic zod (~20 KB gzip; issue 2 §8 budget of 150 KB). They are zod schemas all the same: the
// classic schemas of ./auth.ts and the API's nest them, parse them and turn them into JSON Schema like any other.
// Same rules, same message keys, same order as the helpers of ./common.ts.
import * as zm from 'zod/mini';

export const EMAIL_MAX_LENGTH = 254;

/** stringInput() of common.ts in zod/mini: missing (undefined/null) is "Required", another type "Invalid value". */
const miniStringInput = () =>
  zm.string({
    error: (issue) =>
      issue.input === undefined || issue.input === null ? 'validation.required' : 'validation.invalid',
  });

/** Required, valid, and lowercased (SPEC §5: before sign-in, confirm, resend and forgot calls). */
export const emailSchema = miniStringInput().check(
  zm.trim(),
  zm.toLowerCase(),
  zm.minLength(1, { error: 'validation.required', abort: true }),
  zm.maxLength(EMAIL_MAX_LENGTH, { error: 'validation.emailInvalid', abort: true }),
  zm.email({ error: 'validation.emailInvalid' }),
);

/** Sign-in only checks that a password was typed: existing passwords may predate the rule. */
export const signInPasswordSchema = miniStringInput().check(
  zm.minLength(1, { error: 'validation.required' }),
);

/** objectInput() of common.ts in zod/mini, so the sign-in form's schema keeps classic zod out of /signin. */
export const signInSchema = zm.object(
  { email: emailSchema, password: signInPasswordSchema },
  {
    error: (issue) =>
      issue.input === undefined || issue.input === null ? 'validation.required' : 'validation.invalid',
  },
);
