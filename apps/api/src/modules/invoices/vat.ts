/**
 * Standard VAT rates (percent) by the merchant's country, applied to an invoice's subtotal. A country missing
 * here is billed without VAT (reverse charge), which the invoice shows as 0 %.
 */
export const VAT_PERCENT_BY_COUNTRY: Readonly<Record<string, string>> = {
  GB: '20.00',
  IE: '23.00',
  FR: '20.00',
  ES: '21.00',
  IT: '22.00',
  DE: '19.00',
  NL: '21.00',
  BE: '21.00',
  PT: '23.00',
  AT: '20.00',
};

export function vatPercentFor(country: string): string {
  return VAT_PERCENT_BY_COUNTRY[country.toUpperCase()] ?? '0.00';
}

/** `amount × percent / 100`, rounded half-up once to the minor unit, in exact integer arithmetic. */
export function percentOf(amount: number, percent: string): number {
  const [whole = '0', fraction = ''] = percent.split('.');
  const hundredths = BigInt(whole) * 10_000n + BigInt(fraction.padEnd(4, '0').slice(0, 4));
  const scaled = BigInt(amount) * hundredths; // amount × percent × 10^4
  const divisor = 1_000_000n; // /100 for percent, /10^4 for the scale
  const sign = scaled < 0n ? -1n : 1n;
  const magnitude = sign * scaled;
  return Number(sign * ((magnitude + divisor / 2n) / divisor));
}
