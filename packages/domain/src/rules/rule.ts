import type { MessageKey } from '../messages.ts';

/**
 * A validation rule as a plain function: the message key of what is wrong with the value, or undefined when it
 * passes. The zod schemas of ../schemas are built from these, so a rule is written once and both the API (zod) and
 * pages that must stay small (/signin, issue 2 §8) apply the very same function.
 */
export type Rule = (value: string) => MessageKey | undefined;

/** The rules of a form whose fields are all text, and how its valid values become what is sent. */
export interface FormRules<Values extends { [Name in keyof Values]: string }, Output = Values> {
  fields: { [Name in keyof Values]: Rule };
  output: (values: Values) => Output;
}
