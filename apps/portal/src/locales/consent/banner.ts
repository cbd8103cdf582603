// The first dialog's texts (the banner: title, description, three buttons) in the four languages, apart from the
// preferences' texts in the locale files: the banner is painted by the small early entry (lib/consent/consent-banner.ts)
// before the app's code has downloaded, so it carries these and nothing else (issue 16 §2, docs/decisions/0104).
// Raise CONSENT_REVISION (lib/consent/consent-config.ts) when their substance changes: everyone is asked again.
import type { Locale } from '@mp/domain/locales';

export interface ConsentBannerTexts {
  title: string;
  description: string;
  acceptAllBtn: string;
  acceptNecessaryBtn: string;
  showPreferencesBtn: string;
}

export const consentBannerTexts: Record<Locale, ConsentBannerTexts> = {
  'en-GB': {
    title: 'We use cookies',
    description:
      'Necessary cookies keep you signed in and remember your choices; they are always on. With your permission we also use analytics cookies to count which pages are visited, so we can improve the portal.',
    acceptAllBtn: 'Accept all',
    acceptNecessaryBtn: 'Necessary only',
    showPreferencesBtn: 'Choose',
  },
  'es-ES': {
    title: 'Usamos cookies',
    description:
      'Las cookies necesarias mantienen tu sesión iniciada y recuerdan tus preferencias; siempre están activas. Con tu permiso también usamos cookies de análisis para contar qué páginas se visitan y así mejorar el portal.',
    acceptAllBtn: 'Aceptar todas',
    acceptNecessaryBtn: 'Solo necesarias',
    showPreferencesBtn: 'Elegir',
  },
  'fr-FR': {
    title: 'Nous utilisons des cookies',
    description:
      'Les cookies nécessaires vous gardent connecté et retiennent vos choix ; ils sont toujours actifs. Avec votre accord, nous utilisons aussi des cookies de mesure d’audience pour compter les pages visitées et améliorer le portail.',
    acceptAllBtn: 'Tout accepter',
    acceptNecessaryBtn: 'Nécessaires uniquement',
    showPreferencesBtn: 'Choisir',
  },
  'it-IT': {
    title: 'Usiamo i cookie',
    description:
      'I cookie necessari mantengono l’accesso e ricordano le tue scelte; sono sempre attivi. Con il tuo consenso usiamo anche cookie analitici per contare quali pagine vengono visitate e migliorare il portale.',
    acceptAllBtn: 'Accetta tutti',
    acceptNecessaryBtn: 'Solo necessari',
    showPreferencesBtn: 'Scegli',
  },
};
