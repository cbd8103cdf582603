import type { Widen } from '../en-GB.ts';
import type { sessionsEnGB } from './en-GB.ts';

export const sessionsItIT: Widen<typeof sessionsEnGB> = {
  menu: 'Le tue sessioni',
  title: 'Le tue sessioni',
  intro:
    'Questi sono i browser e i dispositivi collegati al tuo account. Chiudi qualsiasi sessione che non riconosci.',
  current: 'Questo dispositivo',
  unknownBrowser: 'Browser sconosciuto',
  browserOn: '{{browser}} su {{os}}',
  device: {
    desktop: 'Computer',
    mobile: 'Telefono',
    tablet: 'Tablet',
    unknown: 'Dispositivo sconosciuto',
  },
  ip: 'Indirizzo IP: {{ip}}',
  ipUnknown: 'Indirizzo IP sconosciuto',
  firstSeen: 'Accesso: {{date}}',
  lastSeen: 'Ultima attività: {{date}}',
  end: 'Chiudi sessione',
  endNamed: 'Chiudi sessione: {{name}}',
  endOthers: 'Chiudi tutte le altre sessioni',
  ended: 'Sessione chiusa. Quel dispositivo verrà disconnesso entro un minuto.',
  othersEnded:
    'Altre sessioni chiuse: {{count, number}}. Quei dispositivi verranno disconnessi entro un minuto.',
  noOthers: 'Nessun’altra sessione è aperta.',
  notFound: 'Quella sessione è già stata chiusa.',
  activity: 'Attività di sicurezza recente',
  activityIntro:
    'Le modifiche alla password e ai metodi di accesso, e le sessioni che hai chiuso, dalla più recente.',
  activityNone: 'Ancora nessuna modifica di sicurezza.',
  activityFrom: '{{browser}} · {{ip}}',
};
