import { consentBannerTexts } from './banner.ts';
import type { ConsentTexts } from './en-GB.ts';

export const consentItIT: ConsentTexts = {
  consentModal: consentBannerTexts['it-IT'],
  preferencesModal: {
    title: 'Impostazioni dei cookie',
    acceptAllBtn: 'Accetta tutti',
    acceptNecessaryBtn: 'Solo necessari',
    savePreferencesBtn: 'Salva la mia scelta',
    closeIconLabel: 'Chiudi',
    intro: {
      title: 'La tua scelta',
      description:
        'Puoi cambiare la tua scelta in qualsiasi momento da «Impostazioni dei cookie» in fondo alla pagina o nel menu del tuo account.',
    },
    necessary: {
      title: 'Necessari',
      description:
        'Accesso, sicurezza, la tua lingua e il tuo tema di colori, e questa scelta. Il portale non funziona senza di essi, quindi non possono essere disattivati.',
    },
    analytics: {
      title: 'Analitici',
      description:
        'Quali pagine vengono viste e lasciate, con l’indirizzo della pagina e, se hai effettuato l’accesso, il tuo id utente. Nient’altro su di te. Disattivati finché non li accetti.',
    },
  },
};
