// Texts of the passkey settings (issue 15), signed-in only.
export const passkeysFrFR = {
  title: "Clés d'accès",
  intro:
    "Une clé d'accès vous connecte avec votre empreinte, votre visage ou le code PIN de l'appareil : comme deuxième étape après votre mot de passe, ou sans mot de passe.",
  none: "Aucune clé d'accès pour l'instant.",
  name: "Nom de la clé d'accès",
  namePlaceholder: 'p. ex. MacBook',
  add: "Ajouter une clé d'accès",
  added: "Clé d'accès ajoutée.",
  created: 'Ajoutée le {{date}}',
  lastUsed: 'dernière utilisation le {{date}}',
  neverUsed: 'pas encore utilisée',
  remove: 'Supprimer',
  removeTitle: 'Supprimer « {{name}} »',
  removeIntro: 'Pour la supprimer, confirmez avec votre mot de passe ou un code actuel.',
  confirmRemove: "Supprimer la clé d'accès",
  removed: "Clé d'accès supprimée.",
  cancel: 'Annuler',
  failed: "La clé d'accès n'a pas pu être enregistrée. Réessayez.",
  alreadyRegistered: "Cette clé d'accès est déjà enregistrée.",
  verifyFirst: "Reconnectez-vous avec votre deuxième étape avant d'ajouter une clé d'accès.",
  alsoApp: "Vous pouvez aussi ajouter une application d'authentification.",
};
