import type { billingEnGB } from './en-GB.ts';

export const billingItIT: typeof billingEnGB = {
  types: { card: 'Carta', sepa_debit: 'Addebito SEPA', bacs_debit: 'Addebito BACS' },
  brands: { visa: 'Visa', mastercard: 'Mastercard', amex: 'American Express' },
  cardEnding: '{{brand}} che termina con {{lastFour}}',
  accountEnding: '{{type}}, {{prefix}} …{{lastFour}}',
  columns: { method: 'Metodo di pagamento', expires: 'Scadenza', status: 'Stato', actions: 'Azioni' },
  isDefault: 'Predefinito',
  makeDefault: 'Rendi predefinito',
  remove: 'Elimina',
  add: 'Aggiungi metodo di pagamento',
  empty: 'Nessun metodo di pagamento. Aggiungine uno per permetterci di riscuotere le commissioni.',
  tableLabel: 'Metodi di pagamento',
  confirmDefaultTitle: 'Rendere predefinito?',
  confirmDefault: '{{method}} pagherà tutte le fatture da ora in poi.',
  confirmRemoveTitle: 'Eliminare questo metodo di pagamento?',
  confirmRemove: '{{method}} non sarà più usato per le tue fatture.',
  madeDefault: '{{method}} è ora il tuo metodo di pagamento predefinito.',
  removed: '{{method}} è stato eliminato.',
  errors: {
    add: 'Non siamo riusciti ad aggiungere il metodo di pagamento. Riprova.',
    setDefault: 'Non siamo riusciti a cambiare il metodo di pagamento predefinito. Riprova.',
    remove: 'Non siamo riusciti a eliminare il metodo di pagamento. Riprova.',
  },
  addIntro:
    'Inserirai i dati di pagamento nella pagina sicura del nostro fornitore di fatturazione; non vediamo né conserviamo mai il numero completo.',
  continue: 'Continua alla pagina sicura',
  success: {
    added: '{{method}} è stato aggiunto.',
    failed: 'Il metodo di pagamento non è stato aggiunto: {{reason}}',
    failedGeneric: 'Il metodo di pagamento non è stato aggiunto.',
    expired: 'La pagina è scaduta o è già stata usata. Ricomincia.',
    pending: 'Stiamo ancora aspettando il risultato.',
    toPaymentMethods: 'Vai ai metodi di pagamento',
  },
  banner: {
    title: 'La fatturazione richiede la tua attenzione',
    noPaymentMethod: 'Aggiungi un metodo di pagamento per permetterci di riscuotere le commissioni.',
    fewerThanRecommended:
      'Consigliamo almeno {{count}} metodi di pagamento, così un pagamento non riuscito non interrompe il servizio.',
    unsignedRates: 'Firma le tue tariffe per ordinare i POS.',
    addAction: 'Aggiungi metodo di pagamento',
    signAction: 'Firma le tariffe',
  },
};
