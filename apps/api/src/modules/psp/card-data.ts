/** The EEA: the EU's 27 members plus Iceland, Liechtenstein and Norway (ISO 3166-1 alpha-2). */
const EEA = new Set(
  'AT BE BG HR CY CZ DK EE FI FR DE GR HU IE IT LV LT LU MT NL PL PT RO SK SI ES SE IS LI NO'.split(' '),
);

/** Adyen's payment method names → our card schemes. */
const SCHEMES: Record<string, string> = {
  visa: 'visa',
  mc: 'mastercard',
  mastercard: 'mastercard',
  amex: 'amex',
  maestro: 'maestro',
  cup: 'unionpay',
  jcb: 'jcb',
  diners: 'diners',
  discover: 'discover',
};

/**
 * The only additionalData keys kept from a notification item: no card number, expiry, holder name or
 * anything else that identifies a card beyond its BIN and last four (issue 11 §1; TEAM: card data).
 */
export const KEPT_ADDITIONAL_DATA = [
  'cardBin',
  'cardSummary',
  'issuerCountry',
  'cardIssuingCountry',
  'paymentMethodVariant',
  'authorisationType',
  'terminalId',
  'paymentLinkId',
  'posadditionalamounts.gratuityAmount',
  'modification.action',
  'refusalReasonRaw',
  'chargebackReasonCode',
  'metadata.siteId',
  'metadata.source',
] as const;

/** additionalData reduced to the kept keys, with BIN and last four checked for shape. */
export function keptAdditionalData(
  additionalData: Record<string, unknown> | undefined,
): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const key of KEPT_ADDITIONAL_DATA) {
    const value = additionalData?.[key];
    if (typeof value === 'string' && value.length <= 200) kept[key] = value;
  }
  if (kept.cardBin !== undefined && !/^\d{6,8}$/.test(kept.cardBin)) delete kept.cardBin;
  if (kept.cardSummary !== undefined && !/^\d{4}$/.test(kept.cardSummary)) delete kept.cardSummary;
  return kept;
}

export type CardRegion = 'domestic' | 'eea' | 'global';

export interface CardData {
  cardScheme: string | null;
  cardBin: string | null;
  cardLastFour: string | null;
  cardRegion: CardRegion | null;
}

/** Scheme, BIN (6–8 digits), last four and issuing region (which drives the rate) of a payment. */
export function cardData(
  item: { paymentMethod: string | null; additionalData: Record<string, string> },
  merchantCountry: string,
): CardData {
  const data = item.additionalData;
  const method = (data.paymentMethodVariant ?? item.paymentMethod ?? '').toLowerCase();
  const scheme = SCHEMES[method] ?? SCHEMES[(item.paymentMethod ?? '').toLowerCase()] ?? null;
  const country = (data.issuerCountry ?? data.cardIssuingCountry ?? '').toUpperCase();
  const region: CardRegion | null = !/^[A-Z]{2}$/.test(country)
    ? null
    : country === merchantCountry.toUpperCase()
      ? 'domestic'
      : EEA.has(country)
        ? 'eea'
        : 'global';
  return {
    cardScheme: scheme,
    cardBin: data.cardBin ?? null,
    cardLastFour: data.cardSummary ?? null,
    cardRegion: region,
  };
}
