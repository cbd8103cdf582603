import type { LocaleResources } from '../en-GB.ts';

export const uiFrFR: LocaleResources['ui'] = {
  table: {
    loading: 'Chargement…',
    loadFailed: "Cette liste n'a pas pu être chargée.",
    retry: 'Réessayer',
    loadMore: 'Afficher plus',
    pageSummary: '{{from, number}}–{{to, number}} sur {{total, number}}',
  },
  confirm: {
    cancel: 'Annuler',
    typeToConfirm: 'Saisissez {{name}} pour confirmer',
  },
  filters: {
    label: 'Filtres',
    clear: 'Effacer les filtres',
    any: 'Tous',
  },
  dateTime: {
    zone: 'Fuseau horaire : {{zone}}',
  },
  status: {
    transaction: {
      pending: 'En attente',
      'pre-authorized': 'Préautorisée',
      'pre-authorized-pending-capture': 'Capture en attente',
      'pre-authorized-capture-failed': 'Échec de la capture',
      captured: 'Capturée',
      failed: 'Échouée',
      'refund-pending': 'Remboursement en attente',
      refund: 'Remboursement',
      refunded: 'Remboursée',
      'unref-refund': 'Remboursement non référencé',
      'partially-refunded': 'Remboursée en partie',
      'chargeback-pending': 'Rétrofacturation en attente',
      chargedback: 'Rétrofacturée',
      cancelled: 'Annulée',
    },
    payout: { pending: 'En attente', completed: 'Effectué', failed: 'Échoué' },
    invoice: { upcoming: 'À venir', open: 'Ouverte', paid: 'Payée', overdue: 'En retard', void: 'Annulée' },
    invoicePayment: {
      processing: 'Prélèvement en cours',
      succeeded: 'Paiement reçu',
      failed: 'Paiement échoué',
    },
    report: { NEW: 'Nouveau', PROCESSING: 'En cours', READY: 'Prêt', ERROR: 'Erreur' },
    merchant: { active: 'Active', inactive: 'Inactive', churned: 'Résiliée', blocked: 'Bloquée' },
  },
  shell: {
    skipToContent: 'Aller au contenu',
    home: 'Accueil du portail marchand',
    userMenu: 'Menu du compte',
    darkMode: 'Mode sombre',
    lightMode: 'Mode clair',
    colorScheme: 'Thème',
    schemeAuto: 'Système',
    schemeLight: 'Clair',
    schemeDark: 'Sombre',
    search: 'Aller à…',
    searchShortcut: 'Ctrl + K',
  },
  palette: {
    placeholder: 'Aller à un écran ou à une entreprise…',
    nothingFound: 'Aucun résultat',
    screens: 'Écrans',
    companies: 'Entreprises',
  },
};
