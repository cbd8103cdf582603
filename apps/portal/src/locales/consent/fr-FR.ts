import { consentBannerTexts } from './banner.ts';
import type { ConsentTexts } from './en-GB.ts';

export const consentFrFR: ConsentTexts = {
  consentModal: consentBannerTexts['fr-FR'],
  preferencesModal: {
    title: 'Paramètres des cookies',
    acceptAllBtn: 'Tout accepter',
    acceptNecessaryBtn: 'Nécessaires uniquement',
    savePreferencesBtn: 'Enregistrer mon choix',
    closeIconLabel: 'Fermer',
    intro: {
      title: 'Votre choix',
      description:
        'Vous pouvez modifier votre choix à tout moment depuis « Paramètres des cookies » en bas de la page ou dans le menu de votre compte.',
    },
    necessary: {
      title: 'Nécessaires',
      description:
        'Connexion, sécurité, votre langue et votre thème de couleurs, et ce choix. Le portail ne fonctionne pas sans eux : ils ne peuvent pas être désactivés.',
    },
    analytics: {
      title: 'Mesure d’audience',
      description:
        'Les pages consultées et quittées, avec l’adresse de la page et, si vous êtes connecté, votre identifiant utilisateur. Rien d’autre vous concernant. Désactivés tant que vous n’avez pas accepté.',
    },
  },
};
