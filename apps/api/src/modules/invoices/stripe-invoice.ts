import { sql } from 'drizzle-orm';
import type { TenantDb, Tx } from '../../access/tenant-db.ts';
import type {
  BillingProvider,
  ProviderInvoiceRequest,
  ProviderInvoiceState,
} from '../../adapters/billing/billing-port.ts';
import type { Clock } from '../../clock.ts';
import { NO_PAYMENT_METHOD_REASON } from './collection.ts';

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

export type StripeIssueOutcome =
  | { status: 'issued' | 'exists' | 'nothing-due'; invoiceId: string | null }
  | { status: 'failed'; reason: string; invoiceId: string | null };

/**
 * The `stripe_invoice` row of a monthly summary (decision 0091): written once (unique per summary, our own key),
 * mirroring the summary's totals; what Stripe is asked to bill is the summary's amount due. Null when the summary
 * is not open or overdue, or nothing is due.
 */
async function prepare(
  tx: Tx,
  merchantId: string,
  summaryId: string,
): Promise<{ invoiceId: string | null; request: ProviderInvoiceRequest | null; issued: boolean } | null> {
  const [summary] = rowsOf<{
    number: string;
    status: string;
    collection_attempts: number;
    payment_status: string | null;
    total: string;
    tax: string;
    tax_percent: string;
    amount_paid: string;
    currency: string;
    lines: { description?: string; amount?: number }[];
    customer_id: string | null;
    provider_pm: string | null;
  }>(
    await tx.execute(sql`
      select i.number, i.status, i.collection_attempts, i.payment_status, i.total::text, i.tax::text, i.tax_percent::text, i.amount_paid::text, i.currency,
             i.lines, m.stripe_customer_id as customer_id, p.provider_payment_method_id as provider_pm
        from invoices i
        join merchants m on m.id = i.merchant_id
        left join billing_settings b on b.merchant_id = i.merchant_id
        left join payment_methods p on p.merchant_id = i.merchant_id and p.id = b.default_payment_method_id
                                   and p.deleted_at is null
       where i.merchant_id = ${merchantId} and i.id = ${summaryId} and i.display_type = 'billing_summary'
       for update of i`),
  );
  if (!summary) return null;
  const existing = async () =>
    rowsOf<{ id: string; number: string; provider_invoice_id: string | null }>(
      await tx.execute(sql`
        select id, number, provider_invoice_id from invoices
         where merchant_id = ${merchantId} and source_invoice_id = ${summaryId}
           and display_type = 'stripe_invoice'`),
    )[0];
  const before = await existing();
  if (before?.provider_invoice_id) return { invoiceId: before.id, request: null, issued: true };
  const due = Number(summary.total) - Number(summary.amount_paid);
  if (!['open', 'overdue'].includes(summary.status) || due <= 0) return null;
  // Already tried by the collect job (a summary built before Stripe Invoicing, still being retried or a debit
  // processing): that path finishes it; a Stripe invoice now could charge the month twice.
  if (summary.collection_attempts > 0 || summary.payment_status !== null) return null;
  if (!summary.customer_id || !summary.provider_pm) return { invoiceId: null, request: null, issued: false };
  await tx.execute(sql`
    insert into invoices (merchant_id, number, status, display_type, period_start, period_end, subtotal, tax, total,
                          amount_paid, currency, lines, country, tax_percent, settled_from_payouts, issued_at,
                          due_at, source_invoice_id, created_at, updated_at)
    select merchant_id, number || '-S', status, 'stripe_invoice', period_start, period_end, subtotal, tax, total,
           amount_paid, currency, lines, country, tax_percent, settled_from_payouts, issued_at, due_at, id,
           created_at, updated_at
      from invoices where merchant_id = ${merchantId} and id = ${summaryId}
    on conflict (merchant_id, source_invoice_id) where display_type = 'stripe_invoice' do nothing`);
  const row = await existing();
  if (!row) return null;
  const lines = summary.lines
    .filter((line) => typeof line.amount === 'number' && line.amount !== 0)
    .map((line) => ({ description: String(line.description ?? ''), amount: line.amount as number }));
  if (Number(summary.tax) !== 0)
    lines.push({ description: `VAT ${summary.tax_percent}%`, amount: Number(summary.tax) });
  if (Number(summary.amount_paid) !== 0)
    lines.push({ description: 'Already settled from payouts', amount: -Number(summary.amount_paid) });
  return {
    invoiceId: row.id,
    issued: false,
    request: {
      merchantId,
      invoiceId: row.id,
      invoiceNumber: row.number,
      customerId: summary.customer_id,
      currency: summary.currency,
      providerPaymentMethodId: summary.provider_pm,
      lines,
    },
  };
}

/**
 * Stripe's state of the invoice onto our `stripe_invoice` row and the summary it bills: paid, overdue (with
 * the reason) or void. Only rows still open or overdue move, and only for the Stripe invoice the row names, so a
 * replayed or late event (its state read back from Stripe first) changes nothing.
 */
export async function applyProviderInvoiceState(
  tx: Tx,
  merchantId: string,
  invoiceId: string,
  state: ProviderInvoiceState,
  now: Date,
): Promise<'changed' | 'unchanged'> {
  const at = now.toISOString();
  const [row] = rowsOf<{ source_invoice_id: string | null }>(
    await tx.execute(sql`
      update invoices set provider_invoice_id = ${state.providerInvoiceId},
             hosted_invoice_url = coalesce(${state.hostedInvoiceUrl}, hosted_invoice_url),
             invoice_pdf_url = coalesce(${state.invoicePdfUrl}, invoice_pdf_url), updated_at = ${at}
       where merchant_id = ${merchantId} and id = ${invoiceId} and display_type = 'stripe_invoice'
         and (provider_invoice_id is null or provider_invoice_id = ${state.providerInvoiceId})
      returning source_invoice_id`),
  );
  if (!row || state.status === 'open') return 'unchanged';
  const ids = [invoiceId, row.source_invoice_id].filter((id): id is string => id !== null);
  let changed = 0;
  for (const id of ids) {
    const result =
      state.status === 'paid'
        ? await tx.execute(sql`
            update invoices set status = 'paid', amount_paid = total, paid_at = ${at}, failure_reason = null,
                   payment_status = 'succeeded', updated_at = ${at}
             where merchant_id = ${merchantId} and id = ${id} and status in ('open', 'overdue') returning id`)
        : state.status === 'void'
          ? await tx.execute(sql`
            update invoices set status = 'void', updated_at = ${at}
             where merchant_id = ${merchantId} and id = ${id} and status in ('open', 'overdue') returning id`)
          : await tx.execute(sql`
            update invoices set status = 'overdue', failure_reason = ${state.reason}, payment_status = 'failed',
                   updated_at = ${at}
             where merchant_id = ${merchantId} and id = ${id} and status = 'open' returning id`);
    changed += rowsOf(result).length;
  }
  return changed > 0 ? 'changed' : 'unchanged';
}

/**
 * With Stripe Invoicing the monthly summary is billed by a Stripe invoice, and that invoice *is* its collection
 * (decision 0091): no PaymentIntent is made for the summary. Its `stripe_invoice` row is written once; Stripe is
 * called outside any transaction with idempotency keys of that row's id; its state is recorded after. A re-run
 * finds the row with Stripe's id and calls nothing. No customer or default payment method: the summary is
 * overdue with the reason and the caller's job retries.
 */
export async function issueStripeInvoice(
  deps: { tenantDb: TenantDb; clock: Clock; provider: BillingProvider },
  merchantId: string,
  summaryId: string,
): Promise<StripeIssueOutcome> {
  const invoicing = deps.provider.invoicing;
  if (!invoicing) return { status: 'nothing-due', invoiceId: null };
  const prepared = await deps.tenantDb.forMerchant(merchantId, (tx) => prepare(tx, merchantId, summaryId));
  if (!prepared) return { status: 'nothing-due', invoiceId: null };
  if (prepared.issued) return { status: 'exists', invoiceId: prepared.invoiceId };
  if (!prepared.request || !prepared.invoiceId) {
    // No Stripe customer or default payment method: the summary is overdue with the reason (no attempt counted,
    // nothing was charged); a later run of the job issues it once there is one.
    const at = deps.clock.now().toISOString();
    await deps.tenantDb.forMerchant(merchantId, (tx) =>
      tx.execute(sql`
        update invoices set status = 'overdue', failure_reason = ${NO_PAYMENT_METHOD_REASON}, updated_at = ${at}
         where merchant_id = ${merchantId} and id = ${summaryId} and status in ('open', 'overdue')`),
    );
    return { status: 'failed', reason: NO_PAYMENT_METHOD_REASON, invoiceId: null };
  }
  const invoiceId = prepared.invoiceId;
  const state = await invoicing.issue(prepared.request);
  await deps.tenantDb.forMerchant(merchantId, (tx) =>
    applyProviderInvoiceState(tx, merchantId, invoiceId, state, deps.clock.now()),
  );
  return state.status === 'overdue'
    ? { status: 'failed', reason: state.reason ?? 'The payment failed', invoiceId }
    : { status: 'issued', invoiceId };
}
