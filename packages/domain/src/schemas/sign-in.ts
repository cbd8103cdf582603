// SPEC §5 "Auth and account": the sign-in rules (email required, valid and lowercased; password required) as zod
// schemas for the API and the other account schemas. The rules themselves are the plain functions of ../rules, which
// the /signin page applies without zod (issue 2 §8 budget); these schemas only wrap them, so the rule exists once.
//
// Written with zod/mini so classic schemas (./auth.ts, the API's bodies) nest them like any other; the JSON Schema
// keywords (hence openapi.json) are declared as metadata, since a refinement carries none.
import * as zm from 'zod/mini';
import { EMAIL_MAX_LENGTH, EMAIL_PATTERN, emailRule, normaliseEmail } from '../rules/email.ts';
import { requiredRule } from '../rules/required.ts';
import type { Rule } from '../rules/rule.ts';

export { EMAIL_MAX_LENGTH };

/** stringInput() of common.ts in zod/mini: missing (undefined/null) is "Required", another type "Invalid value". */
const miniStringInput = () =>
  zm.string({
    error: (issue) =>
      issue.input === undefined || issue.input === null ? 'validation.required' : 'validation.invalid',
  });

/** A plain rule as a zod check: its message key becomes the issue's message. */
const ruleCheck = (rule: Rule) =>
  zm.superRefine<string>((value, context) => {
    const key = rule(value);
    if (key) context.issues.push({ code: 'custom', message: key, input: value });
  });

/** Required, valid, and lowercased (SPEC §5: before sign-in, confirm, resend and forgot calls). */
export const emailSchema = miniStringInput()
  .check(ruleCheck(emailRule), zm.overwrite(normaliseEmail))
  .register(zm.globalRegistry, {
    minLength: 1,
    maxLength: EMAIL_MAX_LENGTH,
    format: 'email',
    pattern: EMAIL_PATTERN.source,
  });

/** Sign-in only checks that a password was typed: existing passwords may predate the rule. */
export const signInPasswordSchema = miniStringInput()
  .check(ruleCheck(requiredRule))
  .register(zm.globalRegistry, { minLength: 1 });

/** objectInput() of common.ts in zod/mini. */
export const signInSchema = zm.object(
  { email: emailSchema, password: signInPasswordSchema },
  {
    error: (issue) =>
      issue.input === undefined || issue.input === null ? 'validation.required' : 'validation.invalid',
  },
);
