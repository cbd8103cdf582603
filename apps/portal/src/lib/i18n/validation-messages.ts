import type { Locale } from '@mp/domain/locales';
import type { MessageCatalogue } from '@mp/domain/messages/en-gb';

// One chunk per locale: `@mp/domain/messages` would bring all four catalogues into every page.
const catalogues: Record<Locale, () => Promise<MessageCatalogue>> = {
  'en-GB': () => import('@mp/domain/messages/en-gb').then((m) => m.enGBMessages),
  'es-ES': () => import('@mp/domain/messages/es-es').then((m) => m.esESMessages),
  'fr-FR': () => import('@mp/domain/messages/fr-fr').then((m) => m.frFRMessages),
  'it-IT': () => import('@mp/domain/messages/it-it').then((m) => m.itITMessages),
};

/** The domain package's validation texts of one locale as i18next resources (`validation.<name>`). */
export async function validationMessages(locale: Locale): Promise<{ validation: MessageCatalogue }> {
  return { validation: { ...(await catalogues[locale]()) } };
}
