import type { LocaleResources } from '../en-GB.ts';

export const uiItIT: LocaleResources['ui'] = {
  table: {
    loading: 'Caricamento…',
    loadFailed: 'Impossibile caricare questo elenco.',
    retry: 'Riprova',
    loadMore: 'Carica altri',
    pageSummary: '{{from, number}}–{{to, number}} di {{total, number}}',
  },
  confirm: {
    cancel: 'Annulla',
    typeToConfirm: 'Digita {{name}} per confermare',
  },
  filters: {
    label: 'Filtri',
    clear: 'Cancella filtri',
    any: 'Qualsiasi',
  },
  dateTime: {
    zone: 'Fuso orario: {{zone}}',
  },
  status: {
    transaction: {
      pending: 'In attesa',
      'pre-authorized': 'Preautorizzata',
      'pre-authorized-pending-capture': 'In attesa di acquisizione',
      'pre-authorized-capture-failed': 'Acquisizione non riuscita',
      captured: 'Acquisita',
      failed: 'Non riuscita',
      'refund-pending': 'Rimborso in attesa',
      refund: 'Rimborso',
      refunded: 'Rimborsata',
      'unref-refund': 'Rimborso non referenziato',
      'partially-refunded': 'Rimborsata in parte',
      'chargeback-pending': 'Storno in attesa',
      chargedback: 'Stornata',
      cancelled: 'Annullata',
    },
    payout: { pending: 'In attesa', completed: 'Completato', failed: 'Non riuscito' },
    invoice: { upcoming: 'In arrivo', open: 'Aperta', paid: 'Pagata', overdue: 'Scaduta', void: 'Annullata' },
    invoicePayment: {
      processing: 'Addebito in corso',
      succeeded: 'Pagamento ricevuto',
      failed: 'Pagamento non riuscito',
    },
    report: { NEW: 'Nuovo', PROCESSING: 'In elaborazione', READY: 'Pronto', ERROR: 'Errore' },
    merchant: { active: 'Attiva', inactive: 'Inattiva', churned: 'Cessata', blocked: 'Bloccata' },
  },
  shell: {
    skipToContent: 'Vai al contenuto',
    home: 'Home del portale esercenti',
    userMenu: 'Menu account',
    darkMode: 'Modalità scura',
    lightMode: 'Modalità chiara',
    colorScheme: 'Tema',
    schemeAuto: 'Sistema',
    schemeLight: 'Chiaro',
    schemeDark: 'Scuro',
    search: 'Vai a…',
    searchShortcut: 'Ctrl + K',
  },
  palette: {
    placeholder: 'Vai a una schermata o a un’azienda…',
    nothingFound: 'Nessun risultato',
    screens: 'Schermate',
    companies: 'Aziende',
  },
};
