import { DEFAULT_LOCALE, isLocale, type Locale } from '@mp/domain/locales';

/** The rates as the signer signs them (one rates version). */
export interface RatesForDocument {
  domesticPercent: string;
  eeaPercent: string;
  globalPercent: string;
  amexPercent: string;
  otherPercent: string;
  tapToPayPercent: string;
  fixedFee: number;
  deviceRentalMonthly: number;
  currency: string;
  settlementType: string;
  effectiveFrom: string;
  contractEndDate: string | null;
}

interface Labels {
  title: string;
  subject: (merchant: string) => string;
  file: string;
  intro: (merchant: string) => string;
  effectiveFrom: string;
  contractEnd: string;
  rows: [keyof RatesForDocument, string][];
  gross: string;
  net: string;
  agree: string;
  signature: string;
  date: string;
}

const ROW_KEYS = [
  'domesticPercent',
  'eeaPercent',
  'globalPercent',
  'amexPercent',
  'otherPercent',
  'tapToPayPercent',
  'fixedFee',
  'deviceRentalMonthly',
  'settlementType',
] as const satisfies (keyof RatesForDocument)[];
const rows = (names: string[]) =>
  ROW_KEYS.map((key, i) => [key, names[i] ?? key] as [keyof RatesForDocument, string]);

/** The document's words in the four interface languages (SPEC §9). */
export const RATES_DOCUMENT_LABELS: Record<Locale, Labels> = {
  'en-GB': {
    title: 'Your card processing rates',
    subject: (m) => `Please sign your rates: ${m}`,
    file: 'Rates',
    intro: (m) => `The rates ${m} pays for card payments, as agreed below.`,
    effectiveFrom: 'Effective from',
    contractEnd: 'Contract ends',
    rows: rows([
      'Domestic cards',
      'EEA cards',
      'International cards',
      'American Express',
      'Other cards',
      'Tap to pay',
      'Fixed fee per payment',
      'Card machine rental, monthly',
      'Settlement',
    ]),
    gross: 'Gross (fees invoiced)',
    net: 'Net (fees deducted)',
    agree: 'By signing, I confirm I have read these rates and agree to them on behalf of the company.',
    signature: 'Signature',
    date: 'Date',
  },
  'es-ES': {
    title: 'Sus tarifas de procesamiento de tarjetas',
    subject: (m) => `Firme sus tarifas: ${m}`,
    file: 'Tarifas',
    intro: (m) => `Las tarifas que ${m} paga por los pagos con tarjeta, según lo acordado a continuación.`,
    effectiveFrom: 'Vigente desde',
    contractEnd: 'Fin del contrato',
    rows: rows([
      'Tarjetas nacionales',
      'Tarjetas del EEE',
      'Tarjetas internacionales',
      'American Express',
      'Otras tarjetas',
      'Pago sin contacto en el móvil',
      'Comisión fija por pago',
      'Alquiler mensual del datáfono',
      'Liquidación',
    ]),
    gross: 'Bruta (comisiones facturadas)',
    net: 'Neta (comisiones descontadas)',
    agree: 'Al firmar, confirmo que he leído estas tarifas y las acepto en nombre de la empresa.',
    signature: 'Firma',
    date: 'Fecha',
  },
  'fr-FR': {
    title: 'Vos tarifs de traitement des cartes',
    subject: (m) => `Veuillez signer vos tarifs : ${m}`,
    file: 'Tarifs',
    intro: (m) => `Les tarifs que ${m} paie pour les paiements par carte, tels que convenus ci-dessous.`,
    effectiveFrom: 'En vigueur à partir du',
    contractEnd: 'Fin du contrat',
    rows: rows([
      'Cartes nationales',
      'Cartes de l’EEE',
      'Cartes internationales',
      'American Express',
      'Autres cartes',
      'Paiement sans contact sur mobile',
      'Frais fixes par paiement',
      'Location mensuelle du terminal',
      'Règlement',
    ]),
    gross: 'Brut (frais facturés)',
    net: 'Net (frais déduits)',
    agree: 'En signant, je confirme avoir lu ces tarifs et les accepter au nom de la société.',
    signature: 'Signature',
    date: 'Date',
  },
  'it-IT': {
    title: 'Le tue tariffe per l’elaborazione delle carte',
    subject: (m) => `Firma le tue tariffe: ${m}`,
    file: 'Tariffe',
    intro: (m) => `Le tariffe che ${m} paga per i pagamenti con carta, come concordato di seguito.`,
    effectiveFrom: 'In vigore dal',
    contractEnd: 'Fine del contratto',
    rows: rows([
      'Carte nazionali',
      'Carte SEE',
      'Carte internazionali',
      'American Express',
      'Altre carte',
      'Pagamento contactless su smartphone',
      'Commissione fissa per pagamento',
      'Noleggio mensile del POS',
      'Regolamento',
    ]),
    gross: 'Lordo (commissioni fatturate)',
    net: 'Netto (commissioni detratte)',
    agree: 'Firmando, confermo di aver letto queste tariffe e di accettarle per conto della società.',
    signature: 'Firma',
    date: 'Data',
  },
};

/** The rates' lines as they are printed: the label and the value, in `locale`. */
export function ratesLines(rates: RatesForDocument, locale: Locale): [string, string][] {
  const labels = RATES_DOCUMENT_LABELS[locale];
  const percent = (value: string) =>
    new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 4 }).format(Number(value) / 100);
  const money = (minor: number) =>
    new Intl.NumberFormat(locale, { style: 'currency', currency: rates.currency }).format(minor / 100);
  return labels.rows.map(([key, label]) => {
    const value = rates[key];
    if (key === 'settlementType') return [label, value === 'gross' ? labels.gross : labels.net];
    if (key === 'fixedFee' || key === 'deviceRentalMonthly') return [label, money(Number(value))];
    return [label, percent(String(value))];
  });
}

/**
 * The rates document sent for e-signature: an A4 PDF (pdfkit, built-in Helvetica, pure JavaScript) in the
 * signer's language, with the anchors the vendor places its signature and date fields on (`/sig1/`, `/date1/`,
 * printed in white).
 */
export async function renderRatesDocument(input: {
  merchantName: string;
  rates: RatesForDocument;
  locale: string;
}): Promise<{ pdf: Buffer; subject: string; documentName: string; locale: Locale }> {
  const locale: Locale = isLocale(input.locale) ? input.locale : DEFAULT_LOCALE;
  const labels = RATES_DOCUMENT_LABELS[locale];
  // pdfkit loads on the first document, not when the API starts (issue 16 §2: memory).
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({
    size: 'A4',
    margin: 50,
    info: { Title: labels.title, Author: 'Merchant portal billing' },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const date = (value: string) =>
    new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(
      new Date(`${value}T00:00:00Z`),
    );
  doc.font('Helvetica-Bold').fontSize(20).text(labels.title, 50, 50);
  doc.font('Helvetica').fontSize(11).moveDown(0.5);
  doc.text(input.merchantName);
  doc.text(labels.intro(input.merchantName));
  doc.text(`${labels.effectiveFrom}: ${date(input.rates.effectiveFrom)}`);
  if (input.rates.contractEndDate) doc.text(`${labels.contractEnd}: ${date(input.rates.contractEndDate)}`);
  doc.moveDown(1);
  for (const [label, value] of ratesLines(input.rates, locale)) {
    const y = doc.y;
    doc.text(label, 50, y, { width: 300 });
    doc.text(value, 360, y, { width: 185, align: 'right' });
    doc.moveDown(0.4);
  }
  doc.moveDown(1.5);
  doc.text(labels.agree, 50, doc.y, { width: 495 });
  doc.moveDown(2);
  const y = doc.y;
  doc.text(`${labels.signature}:`, 50, y);
  doc.text(`${labels.date}:`, 330, y);
  doc.fillColor('white').text('/sig1/', 120, y).text('/date1/', 380, y).fillColor('black');
  doc.end();
  return {
    pdf: await done,
    subject: labels.subject(input.merchantName),
    documentName: `${labels.file} ${input.rates.effectiveFrom}.pdf`,
    locale,
  };
}
