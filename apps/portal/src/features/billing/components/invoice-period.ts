import { currentLocale } from '../../../lib/i18n/i18n.ts';

/** An invoice's month as the locale writes it ("March 2026", "marzo de 2026"); the period is a calendar month. */
export function invoiceMonth(periodStart: string): string {
  return new Intl.DateTimeFormat(currentLocale(), { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${periodStart}T12:00:00Z`),
  );
}

type Typed = { displayType: string; periodStart: string };

/** The month a monthly summary bills; the day a one-off invoice was raised (decision 0091). */
export function invoicePeriod(invoice: Typed): string {
  if (invoice.displayType !== 'yeti_invoice') return invoiceMonth(invoice.periodStart);
  return new Intl.DateTimeFormat(currentLocale(), { dateStyle: 'medium', timeZone: 'UTC' }).format(
    new Date(`${invoice.periodStart}T12:00:00Z`),
  );
}

/** Our own PDF: the monthly summary and one-off invoices (a Stripe invoice has Stripe's page instead). */
export const hasPdf = (invoice: Typed) =>
  invoice.displayType === 'billing_summary' || invoice.displayType === 'yeti_invoice';

/** The per-site CSV: a monthly summary's breakdown. */
export const hasSiteBreakdown = (invoice: Typed) =>
  invoice.displayType === 'billing_summary' || invoice.displayType === 'per_site_breakdown_csv';

/** Stripe's hosted invoice page: a `stripe_invoice` the API gave the page of (decision 0091). */
export const hostedPageOf = (invoice: Typed & { hostedInvoiceUrl?: string | null }): string | null =>
  invoice.displayType === 'stripe_invoice' && invoice.hostedInvoiceUrl ? invoice.hostedInvoiceUrl : null;
