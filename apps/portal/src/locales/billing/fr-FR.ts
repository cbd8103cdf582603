import type { billingEnGB } from './en-GB.ts';

export const billingFrFR: typeof billingEnGB = {
  types: { card: 'Carte', sepa_debit: 'Prélèvement SEPA', bacs_debit: 'Prélèvement BACS' },
  brands: { visa: 'Visa', mastercard: 'Mastercard', amex: 'American Express' },
  cardEnding: '{{brand}} se terminant par {{lastFour}}',
  accountEnding: '{{type}}, {{prefix}} …{{lastFour}}',
  columns: { method: 'Moyen de paiement', expires: 'Expire', status: 'Statut', actions: 'Actions' },
  isDefault: 'Par défaut',
  makeDefault: 'Définir par défaut',
  remove: 'Supprimer',
  add: 'Ajouter un moyen de paiement',
  empty: 'Aucun moyen de paiement. Ajoutez-en un pour que nous puissions prélever nos frais.',
  tableLabel: 'Moyens de paiement',
  confirmDefaultTitle: 'Définir par défaut ?',
  confirmDefault: '{{method}} réglera toutes les factures désormais.',
  confirmRemoveTitle: 'Supprimer ce moyen de paiement ?',
  confirmRemove: '{{method}} ne servira plus pour vos factures.',
  madeDefault: '{{method}} est désormais votre moyen de paiement par défaut.',
  removed: '{{method}} a été supprimé.',
  errors: {
    add: 'Nous n’avons pas pu ajouter le moyen de paiement. Veuillez réessayer.',
    setDefault: 'Nous n’avons pas pu changer le moyen de paiement par défaut. Veuillez réessayer.',
    remove: 'Nous n’avons pas pu supprimer le moyen de paiement. Veuillez réessayer.',
  },
  addIntro:
    'Vous saisirez vos coordonnées de paiement sur la page sécurisée de notre prestataire ; nous ne voyons ni ne stockons jamais le numéro complet.',
  continue: 'Continuer vers la page sécurisée',
  success: {
    added: '{{method}} a été ajouté.',
    failed: 'Le moyen de paiement n’a pas été ajouté : {{reason}}',
    failedGeneric: 'Le moyen de paiement n’a pas été ajouté.',
    expired: 'Cette page a expiré ou a déjà servi. Veuillez recommencer.',
    pending: 'Nous attendons encore le résultat.',
    toPaymentMethods: 'Aller aux moyens de paiement',
  },
  banner: {
    title: 'La facturation demande votre attention',
    noPaymentMethod: 'Ajoutez un moyen de paiement pour que nous puissions prélever nos frais.',
    fewerThanRecommended:
      'Nous recommandons au moins {{count}} moyens de paiement, pour qu’un échec de paiement n’interrompe pas le service.',
    unsignedRates: 'Signez vos tarifs pour commander des terminaux.',
    addAction: 'Ajouter un moyen de paiement',
    signAction: 'Signer vos tarifs',
  },
};
