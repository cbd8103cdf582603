import type { MessageKey } from '../messages.ts';

/**
 * Issue 8 §3: the one rule every free-text field applies before anything reaches the database. PostgreSQL
 * cannot store U+0000 in text, and a lone UTF-16 surrogate has no UTF-8 encoding; other C0/C1 control
 * characters (and U+2028/2029 line separators) only ever arrive by mistake or malice. Tab and line feed (and
 * CR, as in CRLF) are allowed where the field is multi-line.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const SINGLE_LINE_FORBIDDEN = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const MULTI_LINE_FORBIDDEN = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u2028\u2029]/;
/** A high surrogate not followed by a low one, or a low surrogate not preceded by a high one. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export interface TextRuleOptions {
  /** Allow tab, line feed and carriage return (notes, reasons, descriptions). Default false. */
  multiline?: boolean;
}

/** True when `value` holds a lone surrogate (not well-formed UTF-16, so not encodable as UTF-8). */
export function hasLoneSurrogate(value: string): boolean {
  return LONE_SURROGATE.test(value);
}

/** True when `value` can be stored at all: no NUL and no lone surrogate (the floor every string must meet). */
export function isStorableText(value: string): boolean {
  return !value.includes('\u0000') && !hasLoneSurrogate(value);
}

/** `validation.textInvalidCharacters` when `value` holds a character free text may not hold, else undefined. */
export function textRule(value: string, options: TextRuleOptions = {}): MessageKey | undefined {
  const forbidden = options.multiline ? MULTI_LINE_FORBIDDEN : SINGLE_LINE_FORBIDDEN;
  return forbidden.test(value) || hasLoneSurrogate(value) ? 'validation.textInvalidCharacters' : undefined;
}
