import { isLocale, type Locale } from '@mp/domain/locales';
import { type ReactNode, useEffect, useState } from 'react';
import { currentLocale, i18n } from './i18n.ts';

/**
 * Texts that only some signed-in screens use, loaded with those screens instead of with every page: /signin's
 * budget (docs/decisions/0081-feature-texts-load-with-their-screens.md). Each is a top-level key of the
 * translations; this module is imported only by the screens that need one, which render inside `<FeatureTexts>`.
 */
const loaders = {
  companion: {
    'en-GB': () => import('../../locales/companion/en-GB.ts').then((m) => m.companionEnGB),
    'es-ES': () => import('../../locales/companion/es-ES.ts').then((m) => m.companionEsES),
    'fr-FR': () => import('../../locales/companion/fr-FR.ts').then((m) => m.companionFrFR),
    'it-IT': () => import('../../locales/companion/it-IT.ts').then((m) => m.companionItIT),
  },
} satisfies Record<string, Record<Locale, () => Promise<object>>>;
export type FeatureTexts = keyof typeof loaders;

const wanted = new Set<FeatureTexts>();
const loaded = new Set<string>();

async function ensureFeatureTexts(locale: Locale): Promise<void> {
  await Promise.all(
    [...wanted].map(async (name) => {
      if (loaded.has(`${name}:${locale}`)) return;
      const texts = await loaders[name][locale]();
      i18n.addResourceBundle(locale, 'translation', { [name]: texts }, true, true);
      loaded.add(`${name}:${locale}`);
    }),
  );
}

// Every later language switch loads the wanted texts too; <FeatureTexts> renders again when they are added.
i18n.on('languageChanged', (language) => {
  if (isLocale(language)) void ensureFeatureTexts(language);
});

/** Loads a feature's texts in the current language, and in every language switched to from now on. */
export async function loadFeatureTexts(name: FeatureTexts): Promise<void> {
  wanted.add(name);
  await ensureFeatureTexts(currentLocale());
}

/** Renders its children once the feature's texts are loaded (nothing before: a moment on first open). */
export function FeatureTexts({ name, children }: { name: FeatureTexts; children: ReactNode }) {
  const [ready, setReady] = useState(() => loaded.has(`${name}:${currentLocale()}`));
  const [, setAdded] = useState(0);
  useEffect(() => {
    if (!ready) void loadFeatureTexts(name).then(() => setReady(true));
  }, [name, ready]);
  // After a language switch the texts arrive a moment later: render again when they do.
  useEffect(() => {
    const rerender = () => setAdded((count) => count + 1);
    i18n.store.on('added', rerender);
    return () => i18n.store.off('added', rerender);
  }, []);
  return ready ? children : null;
}
