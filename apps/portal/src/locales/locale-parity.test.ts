import { DEFAULT_LOCALE, LOCALES, type Locale } from '@mp/domain/locales';
import { describe, expect, it } from 'vitest';
import { consentBannerTexts } from './consent/banner.ts';

// Every locale file under locales/ (the bundles every page loads, the signed-in screens' and the feature texts
// loaded with their screens: companion, consent, analytics, eodReports, …), found by name so a namespace added
// later is checked without being listed here. Each file exports one object of texts.
const files = import.meta.glob<Record<string, unknown>>('./**/{en-GB,es-ES,fr-FR,it-IT}.ts', { eager: true });

function textsOf(module: Record<string, unknown>): unknown {
  const objects = Object.values(module).filter((value) => typeof value === 'object' && value !== null);
  expect(objects).toHaveLength(1);
  return objects[0];
}

/** Namespace folder ('.' for the root bundle) → locale → its texts. */
const namespaces = new Map<string, Partial<Record<Locale, unknown>>>();
for (const [path, module] of Object.entries(files)) {
  const match = /^\.\/(?:(.+)\/)?([a-z]{2}-[A-Z]{2})\.ts$/.exec(path);
  if (!match) throw new Error(`unexpected locale file ${path}`);
  const folder = match[1] ?? '.';
  const namespace = namespaces.get(folder) ?? {};
  namespace[match[2] as Locale] = textsOf(module);
  namespaces.set(folder, namespace);
}
// The cookie banner's texts live in one file keyed by locale (painted before the app loads).
namespaces.set('consent/banner', consentBannerTexts);

function entries(value: unknown, prefix = ''): [string, string][] {
  if (typeof value !== 'object' || value === null) return [[prefix, String(value)]];
  return Object.entries(value).flatMap(([key, child]) => entries(child, prefix ? `${prefix}.${key}` : key));
}

/**
 * What i18next fills in or nests in a text: `{{name}}` / `{{name, format}}` interpolations, `$t(key)` nestings
 * and the Trans component's slots (`<0>…</0>`, `<br/>`; a literal `<reference>` is text). Each locale must carry exactly the en-GB ones, or the value shows raw
 * (a misspelt name stays as `{{nmae}}`) or goes missing (a dropped one).
 */
function placeholders(text: string): string[] {
  const found = [
    ...[...text.matchAll(/\{\{\s*([^}]*?)\s*\}\}/g)].map((m) => `{{${(m[1] ?? '').replace(/\s+/g, '')}}}`),
    ...[...text.matchAll(/\$t\(([^)]*)\)/g)].map((m) => `$t(${m[1]})`),
    ...[...text.matchAll(/<\/?(?:\d+|br)\s*\/?>/g)].map((m) => m[0].replace(/\s+/g, '')),
  ];
  return found.sort();
}

/** i18next interpolates only `{{…}}`: a single-brace `{name}` (ICU style) would be shown as it is. */
const singleBraces = (text: string) => [...text.matchAll(/(?<!\{)\{(?!\{)[^{}]*\}(?!\})/g)].map((m) => m[0]);

/** Plural families: `key_one`, `key_other`… by the base key. */
function pluralForms(keys: string[]): Map<string, string[]> {
  const forms = new Map<string, string[]>();
  for (const key of keys) {
    const match = /^(.*)_(zero|one|two|few|many|other)$/.exec(key);
    if (!match) continue;
    forms.set(match[1] ?? '', [...(forms.get(match[1] ?? '') ?? []), match[2] ?? ''].sort());
  }
  return forms;
}

describe('every locale file', () => {
  it('is found in all four locales, and covers the folders the locale tests list', () => {
    expect([...namespaces.keys()]).toEqual(
      expect.arrayContaining(['.', 'signed-in', 'companion', 'consent', 'analytics', 'eodReports']),
    );
    for (const [folder, texts] of namespaces) expect(Object.keys(texts).sort(), folder).toEqual([...LOCALES]);
  });

  describe.each([...namespaces.entries()])('%s', (_folder, texts) => {
    const reference = new Map(entries(texts[DEFAULT_LOCALE]));

    it.each(LOCALES)('%s has the en-GB keys with their placeholders, plural forms and tags', (locale) => {
      const own = new Map(entries(texts[locale]));
      expect([...own.keys()].sort()).toEqual([...reference.keys()].sort());
      const mismatched = [...reference]
        .filter(([key, text]) => placeholders(own.get(key) ?? '').join() !== placeholders(text).join())
        .map(([key, text]) => ({
          key,
          'en-GB': placeholders(text),
          [locale]: placeholders(own.get(key) ?? ''),
        }));
      expect(mismatched).toEqual([]);
      // Each plural family has a form for every plural category of the language; 'many' (es, fr, it: a million)
      // may fall back to 'other', as i18next does.
      const categories = new Intl.PluralRules(locale)
        .resolvedOptions()
        .pluralCategories.filter((c) => c !== 'many');
      const incomplete = [...pluralForms([...own.keys()])].filter(([, forms]) =>
        categories.some((category) => !forms.includes(category)),
      );
      expect(incomplete).toEqual([]);
      expect([...own].filter(([, text]) => singleBraces(text).length > 0)).toEqual([]);
    });
  });
});

/**
 * The money words of a card-payments provider, said one way per language across every screen: a payout is
 * never a "payment" (pago, pagamento) nor a refund a "return". For each en-GB text using the term, the same key
 * in each locale must use that locale's word.
 */
const GLOSSARY: { term: string; en: RegExp; words: Record<Exclude<Locale, 'en-GB'>, RegExp> }[] = [
  {
    term: 'payout',
    en: /payout/i,
    words: { 'es-ES': /liquidaci/i, 'fr-FR': /versement/i, 'it-IT': /accredit/i },
  },
  {
    term: 'refund',
    en: /refund/i,
    words: { 'es-ES': /reembols/i, 'fr-FR': /rembours/i, 'it-IT': /rimbors/i },
  },
  {
    term: 'chargeback',
    en: /charge ?back/i,
    words: { 'es-ES': /contracarg/i, 'fr-FR': /rétrofactur/i, 'it-IT': /chargeback|storn/i },
  },
  { term: 'invoice', en: /invoice/i, words: { 'es-ES': /factur/i, 'fr-FR': /factur/i, 'it-IT': /fattur/i } },
  {
    term: 'settlement',
    en: /settlement/i,
    words: { 'es-ES': /liquidaci/i, 'fr-FR': /règlement/i, 'it-IT': /regolament|liquidazion/i },
  },
  {
    term: 'terminal',
    en: /terminal/i,
    words: { 'es-ES': /terminal/i, 'fr-FR': /terminal|terminaux/i, 'it-IT': /terminal/i },
  },
];

describe('payments terms', () => {
  it.each(GLOSSARY)('$term is translated with the one word of each language', ({ en, words }) => {
    const wrong = new Set<string>();
    for (const texts of namespaces.values()) {
      const own = Object.fromEntries(
        LOCALES.map((locale) => [locale, new Map(entries(texts[locale]))] as const),
      ) as Record<Locale, Map<string, string>>;
      for (const [key, text] of own['en-GB']) {
        if (!en.test(text)) continue;
        for (const [locale, word] of Object.entries(words) as [Exclude<Locale, 'en-GB'>, RegExp][]) {
          const translated = own[locale].get(key) ?? '';
          // The root and signed-in bundles hold the namespace folders' texts again: each text reported once.
          if (!word.test(translated)) wrong.add(`${locale} ${key.split('.').at(-1)}: ${translated}`);
        }
      }
    }
    expect([...wrong].sort()).toEqual([]);
  });
});
