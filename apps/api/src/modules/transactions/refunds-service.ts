import type { TransactionStatus } from '@mp/domain/enums';
import { MESSAGE_CATALOGUES } from '@mp/domain/messages';
import { sitesWithPermission } from '@mp/domain/permissions';
import type { FastifyBaseLogger } from 'fastify';
import { recordAudit } from '../../access/audit-writer.ts';
import type { MerchantAccessContext } from '../../access/route-access.ts';
import { isUuid, type TenantDb } from '../../access/tenant-db.ts';
import { type PspRefunds, PspRefusedError, type RefundAnswer } from '../../adapters/psp/psp-port.ts';
import type { Clock } from '../../clock.ts';
import {
  AppError,
  badRequest,
  idempotencyKeyLapsed,
  idempotencyKeyReused,
  notFound,
} from '../../plugins/errors.ts';
import {
  IMPORTED_REFUNDABLE,
  importedPaymentEvents,
  paymentState,
  type RefundState,
} from '../psp/payment-state.ts';
import { isUniqueViolation, type RefundRow, refundsRepository as repo } from './refunds-repository.ts';
import { refundableAmount } from './service.ts';

/** SPEC §8 Refund messages, as the API's error messages (the portal shows its own locale's copy). */
export const REFUND_REFUSED_MESSAGE = 'Unable to refund transaction.';
export const REFUND_ERROR_MESSAGE = 'An error occurred while refunding the transaction.';

const toRefund = (row: RefundRow) => ({
  id: row.id,
  amount: row.amount,
  currency: row.currency,
  status: row.status as 'pending' | 'succeeded' | 'failed',
  failureReason: row.failureReason,
  pspReference: row.pspReference,
  createdAt: row.createdAt.toISOString(),
});

const tooLarge = () =>
  badRequest('The request is not valid', [
    {
      field: 'amount',
      rule: 'validation.refundAmountTooLarge',
      message: MESSAGE_CATALOGUES['en-GB'].refundAmountTooLarge,
    },
  ]);

/**
 * Refunds asked for through the API (issue 11 §3; SPEC §5 rule, §8 messages).
 *
 * 1. One database transaction: an advisory lock on the payment (the one ingestion takes, so a notification
 *    being applied waits) and `SELECT … FOR UPDATE` on the transaction row; a repeated Idempotency-Key is
 *    answered from the stored refund; the remaining refundable amount (captured minus pending and succeeded
 *    refunds) is computed under the lock; the pending refund, the transaction's refund-pending status and the
 *    audit entry commit together. Parallel requests on one payment queue on the lock, so their sum can never
 *    exceed the captured amount.
 * 2. The PSP is asked through the `psp` port, with the refund id as the PSP's idempotency key. A refusal marks
 *    the refund failed (the money is refundable again) and answers 422 "Unable to refund transaction."; an
 *    error leaves it pending for the PSP's notification or an operator, and answers 502 "An error occurred …".
 * 3. The REFUND / REFUND_FAILED notification later settles it through ingestion (psp module).
 */
export function createRefundsService(deps: {
  tenantDb: TenantDb;
  clock: Clock;
  psp: PspRefunds;
  log: FastifyBaseLogger;
}) {
  type Outcome = { kind: 'new' | 'repeat'; refund: RefundRow; pspReference: string; siteId: string };

  async function reserve(
    access: MerchantAccessContext,
    transactionId: string,
    amount: number,
    idempotencyKey: string | undefined,
  ): Promise<Outcome> {
    return deps.tenantDb.forMerchant(access.merchantId, async (tx) => {
      const found = await repo.transactionRef(tx, access.merchantId, transactionId);
      const refundSites = sitesWithPermission(access, 'Transaction:RefundTransaction');
      const allowed = (siteId: string) =>
        refundSites === 'all' || refundSites.filter(isUuid).includes(siteId);
      // Another merchant's, an unknown or a site the caller may not refund on: the same 404.
      if (!found || !allowed(found.siteId)) throw notFound('Transaction not found');
      await repo.lockPayment(tx, found.pspReference);
      const row = await repo.lockTransaction(tx, access.merchantId, transactionId);
      if (!row) throw notFound('Transaction not found');

      if (idempotencyKey) {
        let earlier = await repo.refundByKey(tx, access.merchantId, idempotencyKey);
        // A key lasts 24 hours, as Stripe's do: after that it is free again and the request is a new refund.
        if (earlier && idempotencyKeyLapsed(earlier.createdAt, deps.clock.now())) {
          await repo.releaseKey(tx, access.merchantId, earlier.id);
          earlier = undefined;
        }
        if (earlier) {
          if (earlier.transactionId !== transactionId || earlier.amount !== amount)
            throw idempotencyKeyReused('refund');
          return { kind: 'repeat', refund: earlier, pspReference: row.pspReference, siteId: row.siteId };
        }
      }
      const refunds = await repo.refundsOf(tx, access.merchantId, transactionId);
      if (amount > refundableAmount(row, refunds)) throw tooLarge();

      const refund = await repo.insertRefund(tx, {
        merchantId: access.merchantId,
        transactionId,
        amount,
        currency: row.currency,
        idempotencyKey: idempotencyKey ?? null,
        requestedBy: access.actor.userId,
        createdAt: deps.clock.now(),
      });
      await repo.setStatus(tx, access.merchantId, transactionId, 'refund-pending');
      await recordAudit(tx, access, deps.clock, {
        action: 'transaction.refund',
        entityType: 'transaction',
        entityId: transactionId,
        before: { status: row.status },
        after: { refundId: refund.id, amount, currency: row.currency, status: 'refund-pending' },
      });
      return { kind: 'new', refund, pspReference: row.pspReference, siteId: row.siteId };
    });
  }

  /** The refund, the transaction's status and what is left, as they stand now. */
  async function result(access: MerchantAccessContext, transactionId: string, refundId: string) {
    return deps.tenantDb.forMerchant(access.merchantId, async (tx) => {
      const row = await repo.lockTransaction(tx, access.merchantId, transactionId);
      const refunds = await repo.refundsOf(tx, access.merchantId, transactionId);
      const refund = refunds.find((candidate) => candidate.id === refundId);
      if (!row || !refund) throw notFound('Transaction not found');
      return {
        refund: toRefund(refund),
        transactionStatus: row.status as TransactionStatus,
        refundableAmount: refundableAmount(row, refunds),
      };
    });
  }

  /**
   * The PSP refused: the refund fails with its reason and the transaction's status is worked out again, under the
   * same locks as `reserve` and ingestion, taken in the same order (the payment's advisory lock, then the row), so
   * a notification being applied neither interleaves nor writes a status read before this. A transaction imported
   * without its notifications is worked out as ingestion does (`importedPaymentEvents`): its stored amount stands
   * for the captured payment, so what is left of its refunds decides captured, partially-refunded, refunded or
   * refund-pending.
   */
  async function markRefused(
    access: MerchantAccessContext,
    transactionId: string,
    refundId: string,
    reason: string,
  ) {
    await deps.tenantDb.forMerchant(access.merchantId, async (tx) => {
      const found = await repo.transactionRef(tx, access.merchantId, transactionId);
      if (!found) return;
      await repo.lockPayment(tx, found.pspReference);
      const row = await repo.lockTransaction(tx, access.merchantId, transactionId);
      if (!row) return;
      await repo.failRefund(tx, access.merchantId, refundId, reason);
      const refunds = (await repo.refundsOf(tx, access.merchantId, transactionId)).map((refund) => ({
        amount: refund.amount,
        status: refund.status as RefundState['status'],
      }));
      const events = await repo.paymentEvents(tx, row.pspReference);
      const state =
        paymentState(events, refunds) ??
        (IMPORTED_REFUNDABLE.has(row.status)
          ? paymentState(importedPaymentEvents(row, events), refunds)
          : undefined);
      if (state) await repo.setStatus(tx, access.merchantId, transactionId, state.status);
    });
  }

  return {
    async refund(
      access: MerchantAccessContext,
      transactionId: string,
      amount: number,
      idempotencyKey: string | undefined,
    ) {
      let outcome: Outcome;
      try {
        outcome = await reserve(access, transactionId, amount, idempotencyKey);
      } catch (error) {
        // Two first uses of one key at once (on different payments): the loser answers as a repeat would.
        if (idempotencyKey && isUniqueViolation(error))
          outcome = await reserve(access, transactionId, amount, idempotencyKey);
        else throw error;
      }
      const { refund } = outcome;
      // A repeat of a request that stopped before the PSP answered (a lost connection, a 503) asks the PSP now:
      // the refund id is the PSP's idempotency key, so Adyen never refunds twice either.
      const askPsp = refund.status === 'pending' && !refund.pspReference;
      if (!askPsp) {
        if (refund.status === 'failed' && !refund.pspReference)
          throw new AppError(422, 'REFUND_REFUSED', REFUND_REFUSED_MESSAGE);
        return { created: false, ...(await result(access, transactionId, refund.id)) };
      }
      let answer: RefundAnswer;
      try {
        answer = await deps.psp.refund({
          paymentPspReference: outcome.pspReference,
          amount: refund.amount,
          currency: refund.currency,
          reference: refund.id,
          idempotencyKey: refund.id,
          siteId: outcome.siteId,
        });
      } catch (error) {
        if (error instanceof PspRefusedError) {
          await markRefused(access, transactionId, refund.id, error.reason);
          throw new AppError(422, 'REFUND_REFUSED', REFUND_REFUSED_MESSAGE);
        }
        deps.log.error({ err: error, refundId: refund.id }, 'refund: PSP call failed');
        throw new AppError(502, 'REFUND_FAILED', REFUND_ERROR_MESSAGE);
      }
      await deps.tenantDb.forMerchant(access.merchantId, (tx) =>
        repo.setPspReference(tx, access.merchantId, refund.id, answer.pspReference),
      );
      return { created: outcome.kind === 'new', ...(await result(access, transactionId, refund.id)) };
    },
  };
}

export type RefundsService = ReturnType<typeof createRefundsService>;
