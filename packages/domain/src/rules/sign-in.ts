import { emailRule, normaliseEmail } from './email.ts';
import { requiredRule } from './required.ts';
import type { FormRules } from './rule.ts';

export interface SignInValues {
  email: string;
  password: string;
}

/** SPEC §5 sign-in: email required, valid and lowercased; password required (existing ones may predate the rule). */
export const signInRules: FormRules<SignInValues> = {
  fields: { email: emailRule, password: requiredRule },
  output: (values) => ({ email: normaliseEmail(values.email), password: values.password }),
};
