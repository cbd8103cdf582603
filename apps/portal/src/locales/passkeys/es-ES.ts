// Texts of the passkey settings (issue 15), signed-in only.
export const passkeysEsES = {
  title: 'Llaves de acceso',
  intro:
    'Una llave de acceso te permite iniciar sesión con tu huella, tu cara o el PIN del dispositivo: como segundo paso después de la contraseña o sin contraseña.',
  none: 'Todavía no tienes llaves de acceso.',
  name: 'Nombre de la llave de acceso',
  namePlaceholder: 'p. ej., MacBook',
  add: 'Añadir una llave de acceso',
  added: 'Llave de acceso añadida.',
  created: 'Añadida el {{date}}',
  lastUsed: 'último uso el {{date}}',
  neverUsed: 'aún no se ha usado',
  remove: 'Quitar',
  removeTitle: 'Quitar «{{name}}»',
  removeIntro: 'Para quitarla, confirma con tu contraseña o un código actual.',
  confirmRemove: 'Quitar llave de acceso',
  removed: 'Llave de acceso quitada.',
  cancel: 'Cancelar',
  failed: 'No se ha podido guardar la llave de acceso. Inténtalo de nuevo.',
  alreadyRegistered: 'Esta llave de acceso ya está registrada.',
  verifyFirst: 'Vuelve a iniciar sesión con tu segundo paso antes de añadir una llave de acceso.',
  alsoApp: 'También puedes añadir una aplicación de autenticación.',
};
