import type { PaymentMethodType } from '@mp/domain/enums';
import { sql } from 'drizzle-orm';
import type { TenantDb, Tx } from '../../access/tenant-db.ts';
import type {
  BillingProvider,
  CollectionRequest,
  CollectionResult,
  ProcessingPayment,
} from '../../adapters/billing/billing-port.ts';
import type { Clock } from '../../clock.ts';

export const NO_PAYMENT_METHOD_REASON = 'No default payment method to collect from';

export type CollectionOutcome =
  | { status: 'paid' | 'nothing-due' }
  | { status: 'processing'; providerPaymentId: string }
  | { status: 'failed'; reason: string; attempts: number };

interface Due {
  request: CollectionRequest | null;
  paymentMethodId: string | null;
}

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/**
 * What is left to collect of an open or overdue invoice, and from which payment method (the default). Nothing
 * while a Direct Debit is processing: the invoice waits for that payment's outcome, never charged twice.
 */
export async function amountDue(tx: Tx, merchantId: string, invoiceId: string): Promise<Due | null> {
  const [invoice] = rowsOf<{
    number: string;
    status: string;
    payment_status: string | null;
    total: string;
    amount_paid: string;
    currency: string;
    collection_attempts: number;
    pm_id: string | null;
    provider_pm: string | null;
    pm_type: PaymentMethodType | null;
    customer_id: string | null;
  }>(
    await tx.execute(sql`
      select i.number, i.status, i.payment_status, i.total::text, i.amount_paid::text, i.currency,
             i.collection_attempts, p.id as pm_id, p.provider_payment_method_id as provider_pm, p.type as pm_type,
             m.stripe_customer_id as customer_id
        from invoices i
        join merchants m on m.id = i.merchant_id
        left join billing_settings b on b.merchant_id = i.merchant_id
        left join payment_methods p on p.merchant_id = i.merchant_id and p.id = b.default_payment_method_id
                                   and p.deleted_at is null
       where i.merchant_id = ${merchantId} and i.id = ${invoiceId}
         -- A summary billed by a Stripe invoice is collected by that invoice (decision 0091), never here too.
         and not exists (select 1 from invoices s where s.merchant_id = i.merchant_id and s.source_invoice_id = i.id
                            and s.display_type = 'stripe_invoice')
       for update of i`),
  );
  if (!invoice || !['open', 'overdue'].includes(invoice.status)) return null;
  if (invoice.payment_status === 'processing') return null;
  const amount = Number(invoice.total) - Number(invoice.amount_paid);
  if (amount <= 0) return null;
  return {
    paymentMethodId: invoice.pm_id,
    request:
      invoice.provider_pm && invoice.pm_type
        ? {
            merchantId,
            invoiceId,
            invoiceNumber: invoice.number,
            amount,
            currency: invoice.currency,
            providerPaymentMethodId: invoice.provider_pm,
            paymentMethodType: invoice.pm_type,
            customerId: invoice.customer_id,
            attempt: invoice.collection_attempts,
          }
        : null,
  };
}

/**
 * Records one collection attempt: paid in full; processing (a Direct Debit the bank has not settled: the
 * invoice keeps its status, its payment is `processing`); or overdue with the reason.
 */
export async function recordCollection(
  tx: Tx,
  merchantId: string,
  invoiceId: string,
  paymentMethodId: string | null,
  result: CollectionResult,
  now: Date,
): Promise<CollectionOutcome> {
  const at = now.toISOString();
  if (result.status === 'succeeded') {
    const updated = rowsOf<{ id: string }>(
      await tx.execute(sql`
        update invoices set status = 'paid', amount_paid = total, paid_at = ${at}, failure_reason = null,
               payment_status = 'succeeded', payment_processing_since = null,
               provider_invoice_id = ${result.providerPaymentId}, payment_method_id = ${paymentMethodId},
               collection_attempts = collection_attempts + 1, updated_at = ${at}
         where merchant_id = ${merchantId} and id = ${invoiceId} and status in ('open', 'overdue')
        returning id`),
    );
    return updated.length === 1 ? { status: 'paid' } : { status: 'nothing-due' };
  }
  if (result.status === 'processing') {
    const updated = rowsOf<{ id: string }>(
      await tx.execute(sql`
        update invoices set payment_status = 'processing', payment_processing_since = ${at}, failure_reason = null,
               provider_invoice_id = ${result.providerPaymentId}, payment_method_id = ${paymentMethodId},
               collection_attempts = collection_attempts + 1, updated_at = ${at}
         where merchant_id = ${merchantId} and id = ${invoiceId} and status in ('open', 'overdue')
        returning id`),
    );
    return updated.length === 1
      ? { status: 'processing', providerPaymentId: result.providerPaymentId }
      : { status: 'nothing-due' };
  }
  const [updated] = rowsOf<{ collection_attempts: number }>(
    await tx.execute(sql`
      update invoices set status = 'overdue', failure_reason = ${result.reason}, payment_method_id = ${paymentMethodId},
             payment_status = 'failed', payment_processing_since = null,
             collection_attempts = collection_attempts + 1, updated_at = ${at}
       where merchant_id = ${merchantId} and id = ${invoiceId} and status in ('open', 'overdue')
      returning collection_attempts`),
  );
  return { status: 'failed', reason: result.reason, attempts: updated?.collection_attempts ?? 0 };
}

const noPaymentMethod: CollectionResult = { status: 'failed', reason: NO_PAYMENT_METHOD_REASON };

/**
 * Collects an invoice's amount due (total − amount paid) from the merchant's default payment method through
 * the billing port: the amount is read in one transaction, the provider called outside any transaction, the
 * result recorded in another. A decline (or no payment method) makes the invoice overdue with the reason; the
 * collection job then throws so the queue retries. A Direct Debit comes back `processing` and settles later
 * (settleProcessingPayment). Paid, void and settled invoices are left alone, so a repeated or late retry is
 * harmless.
 */
export async function collectInvoice(
  deps: { tenantDb: TenantDb; clock: Clock; provider: BillingProvider },
  merchantId: string,
  invoiceId: string,
): Promise<CollectionOutcome> {
  const due = await deps.tenantDb.forMerchant(merchantId, (tx) => amountDue(tx, merchantId, invoiceId));
  if (!due) return { status: 'nothing-due' };
  const result = due.request ? await deps.provider.collect(due.request) : noPaymentMethod;
  return deps.tenantDb.forMerchant(merchantId, (tx) =>
    recordCollection(tx, merchantId, invoiceId, due.paymentMethodId, result, deps.clock.now()),
  );
}

/** The invoice's processing payment, if it has one, locked for its settlement. */
export async function processingPayment(
  tx: Tx,
  merchantId: string,
  invoiceId: string,
): Promise<ProcessingPayment | null> {
  const [row] = rowsOf<{ provider_invoice_id: string | null; collection_attempts: number; since: string }>(
    await tx.execute(sql`
      select provider_invoice_id, collection_attempts, payment_processing_since::text as since from invoices
       where merchant_id = ${merchantId} and id = ${invoiceId} and payment_status = 'processing'
       for update`),
  );
  if (!row?.provider_invoice_id) return null;
  return {
    providerPaymentId: row.provider_invoice_id,
    invoiceId,
    attempt: row.collection_attempts - 1,
    since: new Date(row.since),
  };
}

export type SettlementOutcome =
  | { status: 'paid' | 'processing' | 'nothing-processing' }
  | { status: 'failed'; reason: string; attempts: number; number: string; paymentMethodType: string | null };

/**
 * A processing payment's outcome, once: paid, or overdue with the provider's reason. Only the payment the
 * invoice is waiting for is settled (an old or replayed event for another payment changes nothing).
 */
export async function settleProcessingPayment(
  tx: Tx,
  merchantId: string,
  invoiceId: string,
  result: CollectionResult,
  now: Date,
): Promise<SettlementOutcome> {
  const payment = await processingPayment(tx, merchantId, invoiceId);
  if (!payment) return { status: 'nothing-processing' };
  if (result.status === 'processing') return { status: 'processing' };
  // Only the payment the invoice waits for: a late event about an earlier attempt changes nothing.
  if (result.providerPaymentId !== undefined && result.providerPaymentId !== payment.providerPaymentId)
    return { status: 'nothing-processing' };
  const at = now.toISOString();
  if (result.status === 'succeeded') {
    await tx.execute(sql`
      update invoices set status = 'paid', amount_paid = total, paid_at = ${at}, failure_reason = null,
             payment_status = 'succeeded', payment_processing_since = null, updated_at = ${at}
       where merchant_id = ${merchantId} and id = ${invoiceId}`);
    return { status: 'paid' };
  }
  const [row] = rowsOf<{ collection_attempts: number; number: string; pm_type: string | null }>(
    await tx.execute(sql`
      update invoices i set status = 'overdue', failure_reason = ${result.reason}, payment_status = 'failed',
             payment_processing_since = null, updated_at = ${at}
       where i.merchant_id = ${merchantId} and i.id = ${invoiceId}
      returning i.collection_attempts, i.number,
                (select p.type from payment_methods p
                  where p.merchant_id = i.merchant_id and p.id = i.payment_method_id) as pm_type`),
  );
  return {
    status: 'failed',
    reason: result.reason,
    attempts: row?.collection_attempts ?? 0,
    number: row?.number ?? '',
    paymentMethodType: row?.pm_type ?? null,
  };
}

/**
 * The same in one transaction the caller holds (the demo seed replaying past months): a Direct Debit is
 * asked about again as of `settleBy`, so past months' debits have settled (or failed) by now.
 */
export async function collectInvoiceInTx(
  tx: Tx,
  provider: BillingProvider,
  merchantId: string,
  invoiceId: string,
  now: Date,
  settleBy: Date = now,
): Promise<CollectionOutcome | SettlementOutcome> {
  const due = await amountDue(tx, merchantId, invoiceId);
  if (!due) return { status: 'nothing-due' };
  const result = due.request ? await provider.collect(due.request) : noPaymentMethod;
  const outcome = await recordCollection(tx, merchantId, invoiceId, due.paymentMethodId, result, now);
  if (outcome.status !== 'processing') return outcome;
  const payment = await processingPayment(tx, merchantId, invoiceId);
  if (!payment) return outcome;
  const settled = await provider.paymentStatus(payment, settleBy);
  const at = new Date(Math.min(settleBy.getTime(), now.getTime() + provider.debitCheckAfterMs));
  return settleProcessingPayment(tx, merchantId, invoiceId, settled, at);
}
