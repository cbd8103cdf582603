// Turns a zod error into the 400 details of DESIGN §4: `[{ field, rule, message }]`, where rule is the
// message key and message its en-GB text (or the text in `locale`).
import type { z } from 'zod';
import { DEFAULT_LOCALE, type Locale } from './locales.ts';
import { isMessageKey, type MessageKey, type MessageParams, translate } from './messages.ts';

export interface ValidationDetail {
  /** dotted path, e.g. `address.postalCode` or `siteRoles.0.siteId`; empty for the whole body */
  field: string;
  rule: MessageKey;
  message: string;
}

/** The key of an issue: its message when that is a key (our schemas), else one chosen from its code. */
export function issueKey(issue: z.core.$ZodIssue): MessageKey {
  if (isMessageKey(issue.message)) return issue.message;
  if (issue.code === 'invalid_type' && isMissing(issue)) return 'validation.required';
  if (issue.code === 'too_big' && issue.origin === 'string') return 'validation.tooLong';
  return 'validation.invalid';
}

/** Zod leaves `input` out of issues unless asked (`reportInput`), so its default text is read as well. */
function isMissing(issue: z.core.$ZodIssueInvalidType): boolean {
  if ('input' in issue) return issue.input === undefined || issue.input === null;
  return /received (undefined|null)$/.test(issue.message);
}

function issueParams(issue: z.core.$ZodIssue): MessageParams {
  if (issue.code === 'custom' && issue.params) {
    const params: Record<string, string | number> = {};
    for (const [name, value] of Object.entries(issue.params)) {
      if (typeof value === 'string' || typeof value === 'number') params[name] = value;
    }
    return params;
  }
  if (issue.code === 'too_big') return { max: Number(issue.maximum) };
  return {};
}

export function issueField(issue: z.core.$ZodIssue): string {
  return issue.path.map((segment) => String(segment)).join('.');
}

export function toValidationDetails(error: z.ZodError, locale: Locale = DEFAULT_LOCALE): ValidationDetail[] {
  return error.issues.flatMap((issue) => {
    const rule = issueKey(issue);
    const message = translate(rule, locale, issueParams(issue));
    // A strict object's unknown keys (e.g. a smuggled merchantId): one detail naming each key.
    if (issue.code === 'unrecognized_keys' && Array.isArray(issue.keys) && issue.keys.length > 0)
      return issue.keys.map((key) => ({ field: [...issue.path, key].map(String).join('.'), rule, message }));
    return [{ field: issueField(issue), rule, message }];
  });
}

/** The text for one issue in `locale`, as the portal shows it next to the field. */
export function issueMessage(issue: z.core.$ZodIssue, locale: Locale): string {
  return translate(issueKey(issue), locale, issueParams(issue));
}
