import type { SignedInResources } from '../signed-in/en-GB.ts';

export const supportEsES: SignedInResources['support'] = {
  formTitle: 'Envíanos un mensaje',
  subject: 'Asunto',
  message: 'Mensaje',
  aboutCompany: 'Sobre {{company}}',
  send: 'Enviar mensaje',
  sent: 'Mensaje enviado. Tu referencia es {{reference}}; te hemos enviado una confirmación por correo y responderemos a {{email}}.',
  another: 'Escribir otro mensaje',
  failed: 'No se ha podido enviar tu mensaje. Inténtalo de nuevo.',
  rateLimited: 'Has enviado varios mensajes en poco tiempo. Inténtalo de nuevo más tarde.',
};
