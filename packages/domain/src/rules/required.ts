import type { MessageKey } from '../messages.ts';

/** SPEC §5 "Required": an empty value. Text is not trimmed here (a password of spaces is a password). */
export function requiredRule(value: string): MessageKey | undefined {
  return value.length === 0 ? 'validation.required' : undefined;
}
