import type { SignedInResources } from '../signed-in/en-GB.ts';

export const supportFrFR: SignedInResources['support'] = {
  formTitle: 'Envoyez-nous un message',
  subject: 'Objet',
  message: 'Message',
  aboutCompany: 'Concernant {{company}}',
  send: 'Envoyer le message',
  sent: 'Message envoyé. Votre référence est {{reference}} ; nous vous avons envoyé une confirmation par e-mail et répondrons à {{email}}.',
  another: 'Écrire un autre message',
  failed: "Votre message n'a pas pu être envoyé. Veuillez réessayer.",
  rateLimited: 'Vous avez envoyé plusieurs messages en peu de temps. Veuillez réessayer plus tard.',
};
