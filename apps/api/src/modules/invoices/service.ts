import type { InvoicePaymentStatus } from '@mp/domain/enums';
import type { Locale } from '@mp/domain/locales';
import { and, desc, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { MerchantAccessContext } from '../../access/route-access.ts';
import type { TenantDb } from '../../access/tenant-db.ts';
import type { Clock } from '../../clock.ts';
import { invoices, paymentMethods } from '../../db/schema/billing.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import { notFound } from '../../plugins/errors.ts';
import type { InvoiceLine } from './invoice-builder.ts';
import { renderInvoicePdf } from './invoice-pdf.ts';
import { type OneOffInput, raiseOneOffInvoice } from './one-off.ts';
import { renderSiteBreakdownCsv } from './site-breakdown.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
type InvoiceRow = typeof invoices.$inferSelect;
const iso = (value: Date | null) => (value ? value.toISOString() : null);

function toView(row: InvoiceRow) {
  return {
    invoiceId: row.id,
    number: row.number,
    status: row.status as 'upcoming' | 'open' | 'paid' | 'overdue' | 'void',
    displayType: row.displayType as
      | 'billing_summary'
      | 'stripe_invoice'
      | 'yeti_invoice'
      | 'per_site_breakdown_csv',
    periodStart: row.periodStart,
    periodEnd: row.periodEnd,
    subtotal: row.subtotal,
    taxPercent: row.taxPercent,
    tax: row.tax,
    total: row.total,
    settledFromPayouts: row.settledFromPayouts,
    amountPaid: row.amountPaid,
    amountDue: Math.max(0, row.total - row.amountPaid),
    currency: row.currency,
    issuedAt: iso(row.issuedAt),
    dueAt: iso(row.dueAt),
    paidAt: iso(row.paidAt),
    collectionAttempts: row.collectionAttempts,
    failureReason: row.failureReason,
    paymentStatus: row.paymentStatus as InvoicePaymentStatus | null,
    paymentProcessingSince: iso(row.paymentProcessingSince),
    hostedInvoiceUrl: row.hostedInvoiceUrl,
    invoicePdfUrl: row.invoicePdfUrl,
  };
}

export type InvoiceView = ReturnType<typeof toView>;

/** SPEC §2 Invoices (Billing:ListInvoices): the merchant's invoices, one with its lines, and its PDF. */
export function createInvoicesService(deps: {
  tenantDb: TenantDb;
  clock: Clock;
  send: JobQueue['send'];
  log: Pick<FastifyBaseLogger, 'warn'>;
}) {
  const { tenantDb } = deps;

  async function detail(access: MerchantAccessContext, invoiceId: string) {
    if (!UUID.test(invoiceId)) throw notFound('Invoice not found');
    return tenantDb.forMerchant(access.merchantId, async (tx) => {
      const [row] = await tx
        .select()
        .from(invoices)
        .where(and(eq(invoices.merchantId, access.merchantId), eq(invoices.id, invoiceId)));
      if (!row) throw notFound('Invoice not found');
      const [method] = row.paymentMethodId
        ? await tx
            .select({
              type: paymentMethods.type,
              brand: paymentMethods.brand,
              lastFour: paymentMethods.lastFour,
            })
            .from(paymentMethods)
            .where(
              and(
                eq(paymentMethods.merchantId, access.merchantId),
                eq(paymentMethods.id, row.paymentMethodId),
              ),
            )
        : [];
      const lines = (row.lines as unknown as InvoiceLine[]).map((line) => ({
        kind: line.kind,
        region: line.region ?? null,
        description: line.description,
        quantity: line.quantity,
        unitAmount: line.unitAmount,
        amount: line.amount,
        volume: line.volume ?? null,
      }));
      return { ...toView(row), country: row.country, lines, paymentMethod: method ?? null };
    });
  }

  return {
    /** The per-site breakdown of a monthly billing summary as CSV (SPEC §3 `per_site_breakdown_csv`). */
    async siteBreakdownCsv(
      access: MerchantAccessContext,
      invoiceId: string,
    ): Promise<{ number: string; csv: string }> {
      const invoice = await detail(access, invoiceId);
      if (invoice.displayType !== 'billing_summary') throw notFound('Invoice not found');
      const csv = await tenantDb.forMerchant(access.merchantId, (tx) =>
        renderSiteBreakdownCsv(tx, access.merchantId, invoice),
      );
      return { number: invoice.number, csv };
    },

    /** Newest period first; a merchant has one invoice a month, so the list is short and unpaged. */
    async list(access: MerchantAccessContext): Promise<InvoiceView[]> {
      return tenantDb.forMerchant(access.merchantId, async (tx) => {
        const rows = await tx
          .select()
          .from(invoices)
          .where(eq(invoices.merchantId, access.merchantId))
          .orderBy(desc(invoices.periodStart), desc(invoices.id))
          .limit(240);
        return rows.map(toView);
      });
    },

    detail,

    /** Staff: a one-off invoice on the merchant (one-off.ts), returned as the merchant will see it. */
    async raiseOneOff(access: MerchantAccessContext, input: OneOffInput, idempotencyKey?: string) {
      const { invoiceId, created } = await raiseOneOffInvoice(deps, access, input, idempotencyKey);
      return { created, invoice: await detail(access, invoiceId) };
    },

    /** The invoice as a PDF (pdfkit) in `locale`, rendered from the stored invoice: the same figures as the screen. */
    async renderPdf(
      access: MerchantAccessContext,
      invoiceId: string,
      locale: Locale,
    ): Promise<{ number: string; pdf: Buffer }> {
      const invoice = await detail(access, invoiceId);
      const { legalEntityName, timeZone } = access.merchant;
      const pdf = await renderInvoicePdf(invoice, { legalEntityName, timeZone }, locale);
      return { number: invoice.number, pdf };
    },
  };
}

export type InvoicesService = ReturnType<typeof createInvoicesService>;
export type InvoiceDetail = Awaited<ReturnType<InvoicesService['detail']>>;
