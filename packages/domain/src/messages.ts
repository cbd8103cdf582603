// Validation messages in the four locales (SPEC §5, §8, §9). Schemas put a key (`validation.<name>`) in each
// issue; the portal shows t(key) from `validationResources`, the API puts the key as `rule` and the en-GB text
// as `message` in its 400 details.
import type { Locale } from './locales.ts';
import { enGBMessages, type MessageCatalogue, type MessageName } from './messages/en-gb.ts';
import { esESMessages } from './messages/es-es.ts';
import { frFRMessages } from './messages/fr-fr.ts';
import { itITMessages } from './messages/it-it.ts';

export const MESSAGE_NAMESPACE = 'validation';

export type MessageKey = `validation.${MessageName}`;

export const MESSAGE_CATALOGUES: Readonly<Record<Locale, MessageCatalogue>> = {
  'en-GB': enGBMessages,
  'es-ES': esESMessages,
  'fr-FR': frFRMessages,
  'it-IT': itITMessages,
};

export const MESSAGE_KEYS: readonly MessageKey[] = Object.keys(enGBMessages).map(
  (name) => `${MESSAGE_NAMESPACE}.${name}` as MessageKey,
);

const KEY_SET: ReadonlySet<string> = new Set(MESSAGE_KEYS);

export function isMessageKey(value: unknown): value is MessageKey {
  return typeof value === 'string' && KEY_SET.has(value);
}

/** The message key for a catalogue entry: `messageKey('required')` → `'validation.required'`. */
export function messageKey<N extends MessageName>(name: N): `validation.${N}` {
  return `${MESSAGE_NAMESPACE}.${name}`;
}

export type MessageParams = Readonly<Record<string, string | number>>;

/** Names of the `{{placeholders}}` in a text, in order of appearance. */
export function placeholdersOf(text: string): string[] {
  return [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((match) => match[1] ?? '');
}

/** The text of `key` in `locale`, with `{{name}}` placeholders filled from `params` (left as is when absent). */
export function translate(key: MessageKey, locale: Locale, params: MessageParams = {}): string {
  const name = key.slice(MESSAGE_NAMESPACE.length + 1) as MessageName;
  const text = MESSAGE_CATALOGUES[locale][name];
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (placeholder, param: string) =>
    param in params ? String(params[param]) : placeholder,
  );
}

/** i18next resources for one locale: `{ validation: { required: 'Required', … } }` (default key separator). */
export function validationResources(locale: Locale): { validation: MessageCatalogue } {
  return { validation: { ...MESSAGE_CATALOGUES[locale] } };
}

/** SPEC §5: "We don't currently support {industry}. …" */
export function unsupportedIndustryMessage(industry: string, locale: Locale): string {
  return translate('validation.industryUnsupported', locale, { industry });
}

/** SPEC §5: "{siteName} is already in use, …" (the API raises it as a 409 when the name is taken). */
export function siteNameInUseMessage(siteName: string, locale: Locale): string {
  return translate('validation.siteNameInUse', locale, { siteName });
}
