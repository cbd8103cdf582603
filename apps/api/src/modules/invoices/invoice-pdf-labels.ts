import type { Locale } from '@mp/domain/locales';

/**
 * The words of the invoice PDF in the four interface languages (the file is made in the language the portal asks
 * for, as the end-of-day report's files are). The line and status names are the invoice screen's.
 */
export interface InvoicePdfLabels {
  title: string;
  /** "Label: value", with the language's spacing before the colon. */
  field: (label: string, value: string) => string;
  billedTo: string;
  period: string;
  range: (from: string, to: string) => string;
  issued: string;
  due: string;
  status: string;
  statuses: Record<'upcoming' | 'open' | 'paid' | 'overdue' | 'void', string>;
  description: string;
  quantity: string;
  unit: string;
  amount: string;
  /** A processing-fee line's payments volume: "(on £125.76)". */
  onVolume: (volume: string) => string;
  regions: Record<'domestic' | 'eea' | 'global' | 'amex' | 'tap-to-pay' | 'other', string>;
  deviceRental: string;
  subtotal: string;
  vat: (percent: string) => string;
  total: string;
  settledFromPayouts: string;
  paid: string;
  amountDue: string;
}

const colon = (label: string, value: string) => `${label}: ${value}`;

export const INVOICE_PDF_LABELS: Record<Locale, InvoicePdfLabels> = {
  'en-GB': {
    title: 'Invoice',
    field: colon,
    billedTo: 'Billed to',
    period: 'Period',
    range: (from, to) => `${from} to ${to}`,
    issued: 'Issued',
    due: 'Due',
    status: 'Status',
    statuses: { upcoming: 'Upcoming', open: 'Open', paid: 'Paid', overdue: 'Overdue', void: 'Void' },
    description: 'Description',
    quantity: 'Qty',
    unit: 'Unit',
    amount: 'Amount',
    onVolume: (volume) => `(on ${volume})`,
    regions: {
      domestic: 'Processing fees: domestic cards',
      eea: 'Processing fees: EEA cards',
      global: 'Processing fees: international cards',
      amex: 'Processing fees: American Express',
      'tap-to-pay': 'Processing fees: tap to pay',
      other: 'Processing fees: other cards',
    },
    deviceRental: 'Card machine rental',
    subtotal: 'Subtotal',
    vat: (percent) => `VAT ${percent}`,
    total: 'Total',
    settledFromPayouts: 'Settled from payouts',
    paid: 'Paid',
    amountDue: 'Amount due',
  },
  'es-ES': {
    title: 'Factura',
    field: colon,
    billedTo: 'Facturado a',
    period: 'Periodo',
    range: (from, to) => `del ${from} al ${to}`,
    issued: 'Emitida',
    due: 'Vencimiento',
    status: 'Estado',
    statuses: { upcoming: 'Próxima', open: 'Abierta', paid: 'Pagada', overdue: 'Vencida', void: 'Anulada' },
    description: 'Concepto',
    quantity: 'Cant.',
    unit: 'Precio',
    amount: 'Importe',
    onVolume: (volume) => `(sobre ${volume})`,
    regions: {
      domestic: 'Comisiones de procesamiento: tarjetas nacionales',
      eea: 'Comisiones de procesamiento: tarjetas del EEE',
      global: 'Comisiones de procesamiento: tarjetas internacionales',
      amex: 'Comisiones de procesamiento: American Express',
      'tap-to-pay': 'Comisiones de procesamiento: tap to pay',
      other: 'Comisiones de procesamiento: otras tarjetas',
    },
    deviceRental: 'Alquiler de terminales',
    subtotal: 'Subtotal',
    vat: (percent) => `IVA ${percent}`,
    total: 'Total',
    settledFromPayouts: 'Descontado de las liquidaciones',
    paid: 'Pagado',
    amountDue: 'Importe pendiente',
  },
  'fr-FR': {
    title: 'Facture',
    field: (label, value) => `${label} : ${value}`,
    billedTo: 'Facturé à',
    period: 'Période',
    range: (from, to) => `du ${from} au ${to}`,
    issued: "Date d'émission",
    due: 'Échéance',
    status: 'Statut',
    statuses: { upcoming: 'À venir', open: 'Ouverte', paid: 'Payée', overdue: 'En retard', void: 'Annulée' },
    description: 'Libellé',
    quantity: 'Qté',
    unit: 'Prix unitaire',
    amount: 'Montant',
    onVolume: (volume) => `(sur ${volume})`,
    regions: {
      domestic: 'Frais de traitement : cartes nationales',
      eea: 'Frais de traitement : cartes EEE',
      global: 'Frais de traitement : cartes internationales',
      amex: 'Frais de traitement : American Express',
      'tap-to-pay': 'Frais de traitement : tap to pay',
      other: 'Frais de traitement : autres cartes',
    },
    deviceRental: 'Location de terminaux',
    subtotal: 'Sous-total',
    vat: (percent) => `TVA ${percent}`,
    total: 'Total',
    settledFromPayouts: 'Déduit des versements',
    paid: 'Payé',
    amountDue: 'Montant dû',
  },
  'it-IT': {
    title: 'Fattura',
    field: colon,
    billedTo: 'Intestata a',
    period: 'Periodo',
    range: (from, to) => `dal ${from} al ${to}`,
    issued: 'Emessa',
    due: 'Scadenza',
    status: 'Stato',
    statuses: {
      upcoming: 'In arrivo',
      open: 'Aperta',
      paid: 'Pagata',
      overdue: 'Scaduta',
      void: 'Annullata',
    },
    description: 'Descrizione',
    quantity: 'Qtà',
    unit: 'Prezzo unitario',
    amount: 'Importo',
    onVolume: (volume) => `(su ${volume})`,
    regions: {
      domestic: 'Commissioni di elaborazione: carte nazionali',
      eea: 'Commissioni di elaborazione: carte SEE',
      global: 'Commissioni di elaborazione: carte internazionali',
      amex: 'Commissioni di elaborazione: American Express',
      'tap-to-pay': 'Commissioni di elaborazione: tap to pay',
      other: 'Commissioni di elaborazione: altre carte',
    },
    deviceRental: 'Noleggio terminali',
    subtotal: 'Subtotale',
    vat: (percent) => `IVA ${percent}`,
    total: 'Totale',
    settledFromPayouts: 'Detratto dagli accrediti',
    paid: 'Pagato',
    amountDue: 'Importo dovuto',
  },
};
