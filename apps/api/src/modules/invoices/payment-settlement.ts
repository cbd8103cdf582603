import { isLocale, type Locale } from '@mp/domain/locales';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { TenantDb } from '../../access/tenant-db.ts';
import type { CollectionResult } from '../../adapters/billing/billing-port.ts';
import type { Mailer } from '../../adapters/mail/mail-port.ts';
import type { Clock } from '../../clock.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import { processingPayment, type SettlementOutcome, settleProcessingPayment } from './collection.ts';
import { INVOICE_COLLECT_JOB } from './invoice-job-names.ts';
import { paymentFailedMail } from './payment-failed-mail.ts';

/** A failed Direct Debit is tried again this long after (banks take days; Stripe's own retries wait days too). */
export const DEBIT_RETRY_DELAY_MS = 3 * 24 * 60 * 60 * 1000;
/** Collection attempts an invoice gets in all; after the last failure only the e-mail goes out. */
export const MAX_COLLECTION_ATTEMPTS = 4;

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

export interface PaymentSettlementDeps {
  tenantDb: TenantDb;
  clock: Clock;
  mailer: Mailer;
  send: JobQueue['send'];
  portalUrl: string;
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
}

/**
 * A processing payment's outcome, from Stripe's webhook or the debit-check job (decision 0078): the invoice
 * paid, or overdue with the bank's reason; then the billing contact is told by e-mail and, while attempts are
 * left, the collection is queued again DEBIT_RETRY_DELAY_MS later (from the default payment method then, so a
 * method changed meanwhile is used).
 */
export function createPaymentSettlement(deps: PaymentSettlementDeps) {
  async function recipients(merchantId: string): Promise<{ to: string; locale: Locale; timeZone: string }[]> {
    return deps.tenantDb.forMerchant(merchantId, async (tx) => {
      const rows = rowsOf<{ email: string; locale: string; billing: boolean; time_zone: string }>(
        await tx.execute(sql`
          select b.billing_email as email, coalesce(
                   (select u.locale from merchant_memberships mm join users u on u.id = mm.user_id
                     where mm.merchant_id = ${merchantId} and 'CompanyOwner' = any(mm.company_roles)
                     order by mm.created_at limit 1), 'en-GB') as locale, true as billing, m.time_zone
            from billing_settings b join merchants m on m.id = b.merchant_id
           where b.merchant_id = ${merchantId} and b.billing_email is not null
          union all
          select u.email, u.locale, false, m.time_zone
            from merchant_memberships mm join users u on u.id = mm.user_id join merchants m on m.id = mm.merchant_id
           where mm.merchant_id = ${merchantId} and 'CompanyOwner' = any(mm.company_roles)`),
      );
      // The billing e-mail when there is one, else every company owner.
      const chosen = rows.some((row) => row.billing) ? rows.filter((row) => row.billing) : rows;
      return chosen.map((row) => ({
        to: row.email,
        locale: isLocale(row.locale) ? row.locale : 'en-GB',
        timeZone: row.time_zone,
      }));
    });
  }

  async function tell(
    merchantId: string,
    invoiceId: string,
    facts: { number: string; reason: string; retryAt: Date | null },
    method: 'debit' | 'card',
  ) {
    for (const recipient of await recipients(merchantId)) {
      try {
        await deps.mailer.send(
          paymentFailedMail({ ...recipient, ...facts, method, portalUrl: deps.portalUrl }),
        );
      } catch (error) {
        // The invoice shows the failure; a mail that did not go is logged, not retried with the settlement.
        deps.log.warn({ err: error, invoiceId }, 'invoice payment failed: the e-mail was not sent');
      }
    }
  }

  return {
    /**
     * A card declined when the collect job charged it (collection.ts recordCollection): the billing contact
     * (or the owners) are told the reason, when the card is tried again and where to update the payment
     * method. Called once per failed attempt by the job that made it; webhooks never call it (a card's
     * payment_intent.payment_failed settles nothing: settleProcessingPayment only settles processing debits),
     * so a replayed event sends nothing.
     */
    async cardDeclined(
      merchantId: string,
      invoiceId: string,
      facts: { reason: string; retryAt: Date | null },
    ): Promise<'sent' | 'not-a-card'> {
      // The attempt's payment method (recordCollection wrote it): a card, or nothing to tell here.
      const [invoice] = await deps.tenantDb.forMerchant(merchantId, async (tx) =>
        rowsOf<{ number: string; type: string | null }>(
          await tx.execute(sql`
            select i.number, p.type from invoices i
              left join payment_methods p on p.merchant_id = i.merchant_id and p.id = i.payment_method_id
             where i.merchant_id = ${merchantId} and i.id = ${invoiceId}`),
        ),
      );
      if (invoice?.type !== 'card') return 'not-a-card';
      await tell(merchantId, invoiceId, { ...facts, number: invoice.number }, 'card');
      return 'sent';
    },

    /**
     * The retry of a failed debit is queued before the failure is recorded: once recorded, nothing is processing
     * any more, so a webhook delivered again or the check job's retry would find nothing to settle and never
     * queue it, had the queue refused it after the commit. Queued first, a refusal fails the whole settlement
     * (asked again later); a retry queued for a settlement that then did not commit finds the debit still
     * processing when it runs and collects nothing, and the settlement asked again queues it under the same key
     * (the exclusive queue keeps one).
     */
    async settle(
      merchantId: string,
      invoiceId: string,
      result: CollectionResult,
    ): Promise<SettlementOutcome> {
      const now = deps.clock.now();
      const retryAt = new Date(now.getTime() + DEBIT_RETRY_DELAY_MS);
      const retryKey = (attempts: number) => `${invoiceId}:retry-${attempts}`;
      if (result.status === 'failed') {
        const payment = await deps.tenantDb.forMerchant(merchantId, (tx) =>
          processingPayment(tx, merchantId, invoiceId),
        );
        // The attempts the failure leaves (the debit's attempt counted already), as settleProcessingPayment reads.
        const attempts = payment ? payment.attempt + 1 : 0;
        const settles =
          payment &&
          (result.providerPaymentId === undefined || result.providerPaymentId === payment.providerPaymentId);
        if (settles && attempts < MAX_COLLECTION_ATTEMPTS)
          await deps.send(
            INVOICE_COLLECT_JOB,
            { merchantId, invoiceId },
            { singletonKey: retryKey(attempts), startAfter: retryAt },
          );
      }
      const outcome = await deps.tenantDb.forMerchant(merchantId, (tx) =>
        settleProcessingPayment(tx, merchantId, invoiceId, result, now),
      );
      if (outcome.status !== 'failed') return outcome;
      await tell(
        merchantId,
        invoiceId,
        {
          number: outcome.number,
          reason: outcome.reason,
          retryAt: outcome.attempts < MAX_COLLECTION_ATTEMPTS ? retryAt : null,
        },
        'debit',
      );
      return outcome;
    },
  };
}

export type PaymentSettlement = ReturnType<typeof createPaymentSettlement>;
