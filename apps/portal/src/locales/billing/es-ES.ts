import type { billingEnGB } from './en-GB.ts';

export const billingEsES: typeof billingEnGB = {
  types: { card: 'Tarjeta', sepa_debit: 'Adeudo SEPA', bacs_debit: 'Adeudo BACS' },
  brands: { visa: 'Visa', mastercard: 'Mastercard', amex: 'American Express' },
  cardEnding: '{{brand}} terminada en {{lastFour}}',
  accountEnding: '{{type}}, {{prefix}} …{{lastFour}}',
  columns: { method: 'Método de pago', expires: 'Caduca', status: 'Estado', actions: 'Acciones' },
  isDefault: 'Predeterminado',
  makeDefault: 'Hacer predeterminado',
  remove: 'Eliminar',
  add: 'Añadir método de pago',
  empty: 'Aún no hay método de pago. Añade uno para que podamos cobrar nuestras comisiones.',
  tableLabel: 'Métodos de pago',
  confirmDefaultTitle: '¿Hacer predeterminado?',
  confirmDefault: '{{method}} pagará todas las facturas a partir de ahora.',
  confirmRemoveTitle: '¿Eliminar este método de pago?',
  confirmRemove: '{{method}} dejará de usarse para tus facturas.',
  madeDefault: '{{method}} es ahora tu método de pago predeterminado.',
  removed: 'Se eliminó {{method}}.',
  errors: {
    add: 'No pudimos añadir el método de pago. Inténtalo de nuevo.',
    setDefault: 'No pudimos cambiar el método de pago predeterminado. Inténtalo de nuevo.',
    remove: 'No pudimos eliminar el método de pago. Inténtalo de nuevo.',
  },
  addIntro:
    'Introducirás los datos de pago en la página segura de nuestro proveedor de facturación; nunca vemos ni guardamos el número completo.',
  continue: 'Continuar a la página segura',
  success: {
    added: 'Se añadió {{method}}.',
    failed: 'No se añadió el método de pago: {{reason}}',
    failedGeneric: 'No se añadió el método de pago.',
    expired: 'Esa página ha caducado o ya se usó. Empieza de nuevo.',
    pending: 'Seguimos esperando el resultado.',
    toPaymentMethods: 'Ir a métodos de pago',
  },
  banner: {
    title: 'La facturación requiere tu atención',
    noPaymentMethod: 'Añade un método de pago para que podamos cobrar nuestras comisiones.',
    fewerThanRecommended:
      'Recomendamos al menos {{count}} métodos de pago, para que un pago fallido no interrumpa el servicio.',
    unsignedRates: 'Firma tus tarifas para poder pedir datáfonos.',
    addAction: 'Añadir método de pago',
    signAction: 'Firmar tarifas',
  },
};
