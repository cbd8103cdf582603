// Texts of billing (issue 13): payment methods, adding one, the success page, the warning banner.
export const billingEnGB = {
  types: { card: 'Card', sepa_debit: 'SEPA Direct Debit', bacs_debit: 'BACS Direct Debit' },
  brands: { visa: 'Visa', mastercard: 'Mastercard', amex: 'American Express' },
  cardEnding: '{{brand}} ending {{lastFour}}',
  accountEnding: '{{type}}, {{prefix}} …{{lastFour}}',
  columns: { method: 'Payment method', expires: 'Expires', status: 'Status', actions: 'Actions' },
  isDefault: 'Default',
  makeDefault: 'Make default',
  remove: 'Delete',
  add: 'Add payment method',
  empty: 'No payment method yet. Add one so we can collect our fees.',
  tableLabel: 'Payment methods',
  confirmDefaultTitle: 'Make this the default?',
  confirmDefault: '{{method}} will pay every invoice from now on.',
  confirmRemoveTitle: 'Delete this payment method?',
  confirmRemove: '{{method}} will no longer be used for your invoices.',
  madeDefault: '{{method}} is now your default payment method.',
  removed: '{{method}} was deleted.',
  // SPEC §8 billing: each failure shows a retry message.
  errors: {
    add: 'We could not add the payment method. Please try again.',
    setDefault: 'We could not change the default payment method. Please try again.',
    remove: 'We could not delete the payment method. Please try again.',
  },
  addIntro:
    'You will enter the payment details on our billing provider’s secure page; we never see or store the full card or account number.',
  continue: 'Continue to the secure page',
  success: {
    added: '{{method}} was added.',
    failed: 'The payment method was not added: {{reason}}',
    failedGeneric: 'The payment method was not added.',
    expired: 'That page has expired or was already used. Please start again.',
    pending: 'We are still waiting for the result.',
    toPaymentMethods: 'Go to payment methods',
  },
  banner: {
    title: 'Billing needs your attention',
    noPaymentMethod: 'Add a payment method so we can collect our fees.',
    fewerThanRecommended:
      'We recommend at least {{count}} payment methods, so a failed payment does not interrupt your service.',
    unsignedRates: 'Please sign your rates to order card machines.',
    addAction: 'Add payment method',
    signAction: 'Sign your rates',
  },
};
