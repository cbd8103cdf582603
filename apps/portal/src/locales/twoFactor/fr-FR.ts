import type { twoFactorEnGB } from './en-GB.ts';

export const twoFactorFrFR: typeof twoFactorEnGB = {
  challenge: {
    title: 'Connexion en deux étapes',
    intro: "Saisissez le code à 6 chiffres de votre application d'authentification.",
    code: 'Code',
    recoveryHint: 'Téléphone perdu ? Saisissez plutôt un de vos codes de récupération.',
    submit: 'Vérifier',
    back: 'Retour à la connexion',
  },
  passkey: {
    use: "Utiliser une clé d'accès",
    signIn: "Se connecter avec une clé d'accès",
    failed: "La clé d'accès n'a pas fonctionné. Réessayez.",
    none: "Aucune clé d'accès n'est configurée pour ce compte.",
  },
  errors: {
    codeMismatch: 'Code non valide, veuillez réessayer.',
    sessionExpired: 'Votre connexion a expiré. Veuillez vous reconnecter.',
    freshProof: 'Saisissez votre mot de passe ou un code actuel pour confirmer.',
    verifyFirst:
      "Reconnectez-vous avec votre deuxième étape avant d'ajouter une application d'authentification.",
    alreadySetUp:
      "Une application d'authentification est déjà configurée. Retirez-la d'abord pour en configurer une autre.",
  },
  menu: 'Connexion en deux étapes',
  settings: {
    title: 'Connexion en deux étapes',
    off: "La connexion en deux étapes est désactivée. Ajoutez une application d'authentification pour que votre mot de passe seul n'ouvre pas votre compte.",
    on: "La connexion en deux étapes est activée avec une application d'authentification.",
    recoveryLeft: 'Il reste {{count, number}} codes de récupération.',
    start: "Configurer une application d'authentification",
    scan: "Scannez ce code QR avec votre application d'authentification, ou saisissez-y la clé ci-dessous.",
    qrAlt: "Code QR pour votre application d'authentification",
    secret: 'Clé',
    firstCode: "Code affiché par l'application",
    confirm: 'Activer',
    recoveryTitle: 'Vos codes de récupération',
    recoveryIntro:
      "Chaque code vous connecte une fois si vous perdez votre téléphone. Conservez-les en lieu sûr dès maintenant : ils ne sont affichés qu'une fois.",
    saved: 'Je les ai conservés',
    enabled: 'La connexion en deux étapes est activée.',
    remove: "Retirer l'application d'authentification",
    removeIntro: 'Pour la retirer, confirmez avec votre mot de passe.',
    password: 'Mot de passe',
    removed: "Application d'authentification retirée.",
    close: 'Fermer',
  },
};
