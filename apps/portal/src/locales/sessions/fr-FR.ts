import type { Widen } from '../en-GB.ts';
import type { sessionsEnGB } from './en-GB.ts';

export const sessionsFrFR: Widen<typeof sessionsEnGB> = {
  menu: 'Vos sessions',
  title: 'Vos sessions',
  intro:
    'Voici les navigateurs et appareils connectés à votre compte. Fermez toute session que vous ne reconnaissez pas.',
  current: 'Cet appareil',
  unknownBrowser: 'Navigateur inconnu',
  browserOn: '{{browser}} sur {{os}}',
  device: {
    desktop: 'Ordinateur',
    mobile: 'Téléphone',
    tablet: 'Tablette',
    unknown: 'Appareil inconnu',
  },
  ip: 'Adresse IP : {{ip}}',
  ipUnknown: 'Adresse IP inconnue',
  firstSeen: 'Connexion : {{date}}',
  lastSeen: 'Dernière activité : {{date}}',
  end: 'Fermer la session',
  endNamed: 'Fermer la session : {{name}}',
  endOthers: 'Fermer toutes les autres sessions',
  ended: 'Session fermée. Cet appareil sera déconnecté d’ici une minute.',
  othersEnded:
    'Autres sessions fermées : {{count, number}}. Ces appareils seront déconnectés d’ici une minute.',
  noOthers: 'Aucune autre session n’est ouverte.',
  notFound: 'Cette session est déjà fermée.',
  activity: 'Activité de sécurité récente',
  activityIntro:
    'Les changements de votre mot de passe et de vos méthodes de connexion, et les sessions que vous avez fermées, des plus récents aux plus anciens.',
  activityNone: 'Aucun changement de sécurité pour l’instant.',
  activityFrom: '{{browser}} · {{ip}}',
};
