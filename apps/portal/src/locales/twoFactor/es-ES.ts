import type { twoFactorEnGB } from './en-GB.ts';

export const twoFactorEsES: typeof twoFactorEnGB = {
  challenge: {
    title: 'Verificación en dos pasos',
    intro: 'Introduce el código de 6 dígitos de tu aplicación de autenticación.',
    code: 'Código',
    recoveryHint: '¿Has perdido el teléfono? Introduce uno de tus códigos de recuperación.',
    submit: 'Verificar',
    back: 'Volver a iniciar sesión',
  },
  passkey: {
    use: 'Usar una llave de acceso',
    signIn: 'Iniciar sesión con una llave de acceso',
    failed: 'La llave de acceso no ha funcionado. Inténtalo de nuevo.',
    none: 'Esta cuenta no tiene ninguna llave de acceso.',
  },
  errors: {
    codeMismatch: 'Código no válido, inténtalo de nuevo.',
    sessionExpired: 'Tu inicio de sesión ha caducado. Vuelve a iniciar sesión.',
    freshProof: 'Introduce tu contraseña o un código actual para confirmar.',
    verifyFirst:
      'Vuelve a iniciar sesión con tu segundo paso antes de añadir una aplicación de autenticación.',
    alreadySetUp: 'Ya hay una aplicación de autenticación configurada. Quítala antes de configurar otra.',
  },
  menu: 'Verificación en dos pasos',
  settings: {
    title: 'Verificación en dos pasos',
    off: 'La verificación en dos pasos está desactivada. Añade una aplicación de autenticación para que tu contraseña sola no abra tu cuenta.',
    on: 'La verificación en dos pasos está activada con una aplicación de autenticación.',
    recoveryLeft: 'Quedan {{count, number}} códigos de recuperación.',
    start: 'Configurar una aplicación de autenticación',
    scan: 'Escanea este código QR con tu aplicación de autenticación o escribe en ella la clave de abajo.',
    qrAlt: 'Código QR para tu aplicación de autenticación',
    secret: 'Clave',
    firstCode: 'Código que muestra la aplicación',
    confirm: 'Activar',
    recoveryTitle: 'Tus códigos de recuperación',
    recoveryIntro:
      'Cada código te permite iniciar sesión una vez si pierdes el teléfono. Guárdalos ahora en un lugar seguro: solo se muestran esta vez.',
    saved: 'Ya los he guardado',
    enabled: 'La verificación en dos pasos está activada.',
    remove: 'Quitar la aplicación de autenticación',
    removeIntro: 'Para quitarla, confirma con tu contraseña.',
    password: 'Contraseña',
    removed: 'Aplicación de autenticación quitada.',
    close: 'Cerrar',
  },
};
