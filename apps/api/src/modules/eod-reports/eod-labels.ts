import type { Locale } from '@mp/domain/locales';

/** The words of the end-of-day report's files (PDF, CSV) in the four interface languages. */
export interface EodLabels {
  title: string;
  site: string;
  tradingDay: string;
  window: string;
  timeZone: string;
  generated: string;
  transactions: string;
  firstTransaction: string;
  lastTransaction: string;
  totals: string;
  bySource: string;
  byScheme: string;
  byDevice: string;
  section: string;
  name: string;
  currency: string;
  count: string;
  amount: string;
  sales: string;
  tips: string;
  refunds: string;
  declines: string;
  net: string;
  device: string;
  noDevice: string;
  none: string;
  sources: Record<string, string>;
}

export const EOD_LABELS: Record<Locale, EodLabels> = {
  'en-GB': {
    title: 'End-of-day report',
    site: 'Site',
    tradingDay: 'Trading day',
    window: 'Settlement window',
    timeZone: 'Time zone',
    generated: 'Generated',
    transactions: 'Transactions',
    firstTransaction: 'First transaction',
    lastTransaction: 'Last transaction',
    totals: 'Totals',
    bySource: 'By source',
    byScheme: 'By card scheme',
    byDevice: 'By device',
    section: 'Section',
    name: 'Name',
    currency: 'Currency',
    count: 'Count',
    amount: 'Amount',
    sales: 'Sales',
    tips: 'Tips',
    refunds: 'Refunds',
    declines: 'Declines',
    net: 'Net',
    device: 'Device',
    noDevice: 'No terminal (pay by link, tap to pay)',
    none: 'None',
    sources: { 'adyen-terminal': 'In person', 'pay-by-link': 'Pay by link', 'tap-to-pay': 'Tap to pay' },
  },
  'es-ES': {
    title: 'Informe de cierre del día',
    site: 'Sitio',
    tradingDay: 'Día de operaciones',
    window: 'Ventana de liquidación',
    timeZone: 'Zona horaria',
    generated: 'Generado',
    transactions: 'Transacciones',
    firstTransaction: 'Primera transacción',
    lastTransaction: 'Última transacción',
    totals: 'Totales',
    bySource: 'Por origen',
    byScheme: 'Por marca de tarjeta',
    byDevice: 'Por dispositivo',
    section: 'Sección',
    name: 'Nombre',
    currency: 'Moneda',
    count: 'Número',
    amount: 'Importe',
    sales: 'Ventas',
    tips: 'Propinas',
    refunds: 'Reembolsos',
    declines: 'Rechazos',
    net: 'Neto',
    device: 'Dispositivo',
    noDevice: 'Sin terminal (pago por enlace, Tap to pay)',
    none: 'Ninguna',
    sources: { 'adyen-terminal': 'En persona', 'pay-by-link': 'Pago por enlace', 'tap-to-pay': 'Tap to pay' },
  },
  'fr-FR': {
    title: 'Rapport de fin de journée',
    site: 'Site',
    tradingDay: 'Journée de vente',
    window: 'Fenêtre de règlement',
    timeZone: 'Fuseau horaire',
    generated: 'Généré',
    transactions: 'Transactions',
    firstTransaction: 'Première transaction',
    lastTransaction: 'Dernière transaction',
    totals: 'Totaux',
    bySource: 'Par origine',
    byScheme: 'Par réseau de carte',
    byDevice: 'Par terminal',
    section: 'Section',
    name: 'Nom',
    currency: 'Devise',
    count: 'Nombre',
    amount: 'Montant',
    sales: 'Ventes',
    tips: 'Pourboires',
    refunds: 'Remboursements',
    declines: 'Refus',
    net: 'Net',
    device: 'Terminal',
    noDevice: 'Sans terminal (paiement par lien, Tap to pay)',
    none: 'Aucune',
    sources: {
      'adyen-terminal': 'En personne',
      'pay-by-link': 'Paiement par lien',
      'tap-to-pay': 'Tap to pay',
    },
  },
  'it-IT': {
    title: 'Report di fine giornata',
    site: 'Sede',
    tradingDay: 'Giornata di vendita',
    window: 'Finestra di regolamento',
    timeZone: 'Fuso orario',
    generated: 'Generato',
    transactions: 'Transazioni',
    firstTransaction: 'Prima transazione',
    lastTransaction: 'Ultima transazione',
    totals: 'Totali',
    bySource: 'Per origine',
    byScheme: 'Per circuito',
    byDevice: 'Per dispositivo',
    section: 'Sezione',
    name: 'Nome',
    currency: 'Valuta',
    count: 'Numero',
    amount: 'Importo',
    sales: 'Vendite',
    tips: 'Mance',
    refunds: 'Rimborsi',
    declines: 'Rifiuti',
    net: 'Netto',
    device: 'Dispositivo',
    noDevice: 'Nessun terminale (pagamento tramite link, Tap to pay)',
    none: 'Nessuna',
    sources: {
      'adyen-terminal': 'Di persona',
      'pay-by-link': 'Pagamento tramite link',
      'tap-to-pay': 'Tap to pay',
    },
  },
};
