import type { PaymentMethodType } from '@mp/domain/enums';
import { sql } from 'drizzle-orm';
import type { TenantDb, Tx } from '../../access/tenant-db.ts';
import type {
  BillingProvider,
  CollectionRequest,
  CollectionResult,
} from '../../adapters/billing/billing-port.ts';
import type { Clock } from '../../clock.ts';

export const NO_PAYMENT_METHOD_REASON = 'No default payment method to collect from';

export type CollectionOutcome =
  | { status: 'paid' | 'nothing-due' }
  | { status: 'failed'; reason: string; attempts: number };

interface Due {
  request: CollectionRequest | null;
  paymentMethodId: string | null;
}

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** What is left to collect of an open or overdue invoice, and from which payment method (the default). */
export async function amountDue(tx: Tx, merchantId: string, invoiceId: string): Promise<Due | null> {
  const [invoice] = rowsOf<{
    number: string;
    status: string;
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
      select i.number, i.status, i.total::text, i.amount_paid::text, i.currency, i.collection_attempts,
             p.id as pm_id, p.provider_payment_method_id as provider_pm, p.type as pm_type,
             m.stripe_customer_id as customer_id
        from invoices i
        join merchants m on m.id = i.merchant_id
        left join billing_settings b on b.merchant_id = i.merchant_id
        left join payment_methods p on p.merchant_id = i.merchant_id and p.id = b.default_payment_method_id
                                   and p.deleted_at is null
       where i.merchant_id = ${merchantId} and i.id = ${invoiceId}
       for update of i`),
  );
  if (!invoice || !['open', 'overdue'].includes(invoice.status)) return null;
  const amount = Number(invoice.total) - Number(invoice.amount_paid);
  if (amount <= 0) return null;
  return {
    paymentMethodId: invoice.pm_id,
    request:
      invoice.provider_pm && invoice.pm_type
        ? {
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

/** Records one collection attempt: paid in full, or overdue with the reason. */
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
               provider_invoice_id = ${result.providerPaymentId}, payment_method_id = ${paymentMethodId},
               collection_attempts = collection_attempts + 1, updated_at = ${at}
         where merchant_id = ${merchantId} and id = ${invoiceId} and status in ('open', 'overdue')
        returning id`),
    );
    return updated.length === 1 ? { status: 'paid' } : { status: 'nothing-due' };
  }
  const [updated] = rowsOf<{ collection_attempts: number }>(
    await tx.execute(sql`
      update invoices set status = 'overdue', failure_reason = ${result.reason}, payment_method_id = ${paymentMethodId},
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
 * collection job then throws so the queue retries. Paid, void and settled invoices are left alone, so a
 * repeated or late retry is harmless.
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

/** The same in one transaction the caller holds (the demo seed replaying past months). */
export async function collectInvoiceInTx(
  tx: Tx,
  provider: BillingProvider,
  merchantId: string,
  invoiceId: string,
  now: Date,
): Promise<CollectionOutcome> {
  const due = await amountDue(tx, merchantId, invoiceId);
  if (!due) return { status: 'nothing-due' };
  const result = due.request ? await provider.collect(due.request) : noPaymentMethod;
  return recordCollection(tx, merchantId, invoiceId, due.paymentMethodId, result, now);
}
