import { consentBannerTexts } from './banner.ts';
import type { ConsentTexts } from './en-GB.ts';

export const consentEsES: ConsentTexts = {
  consentModal: consentBannerTexts['es-ES'],
  preferencesModal: {
    title: 'Configuración de cookies',
    acceptAllBtn: 'Aceptar todas',
    acceptNecessaryBtn: 'Solo necesarias',
    savePreferencesBtn: 'Guardar mi elección',
    closeIconLabel: 'Cerrar',
    intro: {
      title: 'Tu elección',
      description:
        'Puedes cambiar tu elección en cualquier momento desde «Configuración de cookies» al pie de la página o en el menú de tu cuenta.',
    },
    necessary: {
      title: 'Necesarias',
      description:
        'Inicio de sesión, seguridad, tu idioma y tema de color, y esta elección. El portal no funciona sin ellas, por lo que no se pueden desactivar.',
    },
    analytics: {
      title: 'Análisis',
      description:
        'Qué páginas se ven y se abandonan, con la dirección de la página y, si has iniciado sesión, tu id de usuario. Nada más sobre ti. Desactivadas hasta que las aceptes.',
    },
  },
};
