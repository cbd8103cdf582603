// Intl.NumberFormat made once per language and options: making one costs far more than formatting with it (a
// formatter made per call was the top of the home's and company settings' own code in their CPU profiles, issue
// 16 §2).
const formats = new Map<string, Intl.NumberFormat>();

/** A cached `Intl.NumberFormat(locale, options)`. */
export function numberFormat(locale: string, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, options);
    formats.set(key, format);
  }
  return format;
}

/** A rate in per cent as the rates screens show it: "1.35 %", up to four decimals, in the user's language. */
export function formatRatePercent(value: number, locale: string): string {
  return `${numberFormat(locale, { maximumFractionDigits: 4 }).format(value)} %`;
}

/** A count ("12,345" in en-GB, "12 345" in fr-FR, "12.345" in es-ES and it-IT) in the user's language. */
export function formatCount(value: number, locale: string): string {
  return numberFormat(locale).format(value);
}
