import type { SignedInResources } from '../signed-in/en-GB.ts';

export const supportItIT: SignedInResources['support'] = {
  formTitle: 'Inviaci un messaggio',
  subject: 'Oggetto',
  message: 'Messaggio',
  aboutCompany: 'Riguardo a {{company}}',
  send: 'Invia messaggio',
  sent: 'Messaggio inviato. Il tuo riferimento è {{reference}}; ti abbiamo inviato una conferma via e-mail e risponderemo a {{email}}.',
  another: 'Scrivi un altro messaggio',
  failed: 'Non è stato possibile inviare il messaggio. Riprova.',
  rateLimited: 'Hai inviato diversi messaggi in poco tempo. Riprova più tardi.',
};
