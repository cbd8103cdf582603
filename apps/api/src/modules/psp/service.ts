import type { FastifyBaseLogger } from 'fastify';
import { isUuid, type TenantDb, type Tx } from '../../access/tenant-db.ts';
import type { AdyenNotificationItem } from './adyen-notification.ts';
import { cardData, keptAdditionalData } from './card-data.ts';
import {
  PAYMENT_CODES,
  type PaymentEvent,
  paymentState,
  REFUND_CODES,
  type RefundState,
  refundsFromEvents,
} from './payment-state.ts';
import {
  type NotificationInsert,
  type NotificationRow,
  type PaymentLocation,
  pspRepository as repo,
} from './repository.ts';

const PSP = 'adyen';
/** Statuses of an imported transaction that refund notifications may change. */
const IMPORTED_REFUNDABLE = new Set(['captured', 'refund-pending', 'partially-refunded', 'refunded']);

/** A transaction that changed, for live updates (server-sent events). */
export interface TransactionChange {
  merchantId: string;
  siteId: string;
  transactionId: string;
  status: string;
}

export interface IngestResult {
  stored: number;
  duplicates: number;
  changes: TransactionChange[];
}

/** The payment an item belongs to: itself for a payment, its original payment for a modification. */
const paymentReferenceOf = (item: AdyenNotificationItem) =>
  PAYMENT_CODES.has(item.eventCode) ? item.pspReference : (item.originalReference ?? item.pspReference);

function toRow(item: AdyenNotificationItem): NotificationInsert {
  return {
    psp: PSP,
    pspReference: item.pspReference,
    originalReference: item.originalReference ?? null,
    paymentReference: paymentReferenceOf(item),
    eventCode: item.eventCode,
    success: item.success === 'true',
    merchantAccountCode: item.merchantAccountCode,
    merchantReference: item.merchantReference ?? null,
    amount: item.amount.value,
    currency: item.amount.currency,
    eventDate: new Date(item.eventDate),
    reason: item.reason ?? null,
    paymentMethod: item.paymentMethod ?? null,
    additionalData: keptAdditionalData(item.additionalData),
  };
}

const toEvent = (row: NotificationRow): PaymentEvent => ({
  pspReference: row.pspReference,
  eventCode: row.eventCode,
  success: row.success,
  amount: row.amount,
  eventDate: row.eventDate,
  reason: row.reason,
  additionalData: row.additionalData,
});

/** The tip a terminal reports inside the total (Adyen: posadditionalamounts.gratuityAmount). */
function tipOf(row: NotificationRow | undefined, total: number): number {
  const tip = Number(row?.additionalData['posadditionalamounts.gratuityAmount'] ?? 0);
  return Number.isSafeInteger(tip) && tip > 0 && tip <= total ? tip : 0;
}

function sourceOf(payment: NotificationRow): 'adyen-terminal' | 'pay-by-link' | 'tap-to-pay' {
  const declared = payment.additionalData['metadata.source'];
  if (declared === 'tap-to-pay' || declared === 'pay-by-link' || declared === 'adyen-terminal')
    return declared;
  if (payment.additionalData.paymentLinkId) return 'pay-by-link';
  return 'adyen-terminal';
}

/**
 * PSP ingestion (issue 11 §1; DESIGN §4 PSP): store every item, then apply each payment it touched. Applying
 * recomputes the payment from all its stored items (payment-state.ts), under a lock on the payment, so
 * duplicates, retries, parallel deliveries and out-of-order items all end in the same state.
 */
export function createPspIngestionService(deps: {
  tenantDb: TenantDb;
  log: FastifyBaseLogger;
  onChange?: (change: TransactionChange) => void;
}) {
  async function locate(tx: Tx, payment: NotificationRow): Promise<PaymentLocation | undefined> {
    const terminal = payment.additionalData.terminalId;
    if (terminal) {
      const found = await repo.locationOfTerminal(tx, terminal);
      if (found) return found;
    }
    const siteId = payment.additionalData['metadata.siteId'];
    if (siteId && /^[0-9a-f-]{36}$/i.test(siteId)) return repo.locationOfSite(tx, siteId);
    return undefined;
  }

  /**
   * Refund notifications of a transaction imported without its notifications (the seed's history, older data):
   * its stored amount stands for the captured AUTHORISATION, so the same rules settle the refunds and status.
   */
  async function applyRefundsToImported(
    tx: Tx,
    paymentReference: string,
    existing: { merchantId: string; id: string; siteId: string },
    rows: NotificationRow[],
  ): Promise<TransactionChange | undefined> {
    await claimRequested(tx, existing, rows);
    const imported = await repo.importedPayment(tx, existing.merchantId, existing.id);
    if (!imported || !IMPORTED_REFUNDABLE.has(imported.status)) return undefined;
    const total = imported.amount + imported.tipAmount;
    const events: PaymentEvent[] = [
      {
        pspReference: paymentReference,
        eventCode: 'AUTHORISATION',
        success: true,
        amount: total,
        eventDate: imported.createdAt,
        reason: null,
        additionalData: {},
      },
      ...rows.map(toEvent),
    ];
    const fromEvents = refundsFromEvents(events, total);
    const decided = new Set(fromEvents.map((refund) => refund.pspReference));
    const known = await repo.refundsOfTransaction(tx, existing.merchantId, existing.id);
    const state = paymentState(events, [
      ...known
        .filter((refund) => !refund.pspReference || !decided.has(refund.pspReference))
        .map((refund) => ({ amount: refund.amount, status: refund.status as RefundState['status'] })),
      ...fromEvents,
    ]);
    for (const refund of fromEvents)
      await repo.upsertRefund(tx, {
        merchantId: existing.merchantId,
        transactionId: existing.id,
        pspReference: refund.pspReference,
        amount: refund.amount,
        currency: imported.currency,
        status: refund.status,
        failureReason: refund.failureReason,
        createdAt: refund.eventDate,
      });
    if (state) await repo.setTransactionStatus(tx, existing.merchantId, existing.id, state.status);
    await repo.markPayment(tx, PSP, paymentReference, {
      outcome: 'applied',
      merchantId: existing.merchantId,
      transactionId: existing.id,
    });
    return state
      ? {
          merchantId: existing.merchantId,
          siteId: existing.siteId,
          transactionId: existing.id,
          status: state.status,
        }
      : undefined;
  }

  /**
   * A refund we asked for (merchantReference = our refund id) may be told of before its PSP reference was
   * stored: the notification names it, so it is settled instead of counted twice.
   */
  async function claimRequested(
    tx: Tx,
    existing: { merchantId: string; id: string },
    rows: NotificationRow[],
  ) {
    for (const row of rows)
      if (REFUND_CODES.has(row.eventCode) && row.merchantReference && isUuid(row.merchantReference))
        await repo.claimRequestedRefund(
          tx,
          existing.merchantId,
          existing.id,
          row.merchantReference,
          row.pspReference,
        );
  }

  async function applyPayment(paymentReference: string): Promise<TransactionChange | undefined> {
    return deps.tenantDb.acrossMerchants(async (tx) => {
      await repo.lockPayment(tx, PSP, paymentReference);
      const rows = await repo.eventsOfPayment(tx, PSP, paymentReference);
      const payment = rows.find(
        (row) => PAYMENT_CODES.has(row.eventCode) && row.pspReference === paymentReference,
      );
      const existing = await repo.transactionByPspReference(tx, paymentReference);
      if (!payment && existing && rows.some((row) => REFUND_CODES.has(row.eventCode)))
        return applyRefundsToImported(tx, paymentReference, existing, rows);
      if (!payment) {
        // A modification before its payment: kept, and applied when the payment arrives.
        await repo.markPayment(tx, PSP, paymentReference, { outcome: 'waiting' });
        return undefined;
      }
      const location: PaymentLocation | undefined = existing
        ? { ...existing, merchantCountry: await repo.merchantCountry(tx, existing.merchantId) }
        : await locate(tx, payment);
      if (!location) {
        await repo.markPayment(tx, PSP, paymentReference, { outcome: 'unmatched' });
        return undefined;
      }

      const events = rows.map(toEvent);
      const provisional = paymentState(events, []);
      const fromEvents = refundsFromEvents(events, provisional?.capturedAmount ?? 0);
      if (existing) await claimRequested(tx, existing, rows);
      const known = existing ? await repo.refundsOfTransaction(tx, location.merchantId, existing.id) : [];
      const decided = new Map(fromEvents.map((refund) => [refund.pspReference, refund]));
      const allRefunds: Pick<RefundState, 'amount' | 'status'>[] = [
        ...known
          .filter((refund) => !refund.pspReference || !decided.has(refund.pspReference))
          .map((refund) => ({ amount: refund.amount, status: refund.status as RefundState['status'] })),
        ...fromEvents,
      ];
      const state = paymentState(events, allRefunds);
      if (!state) return undefined;

      const captureRow = rows.find((row) => row.eventCode === 'CAPTURE' && row.success);
      const tip = tipOf(captureRow ?? payment, state.totalAmount);
      const transactionId = await repo.upsertTransaction(tx, {
        merchantId: location.merchantId,
        siteId: location.siteId,
        deviceId: location.deviceId,
        pspReference: paymentReference,
        merchantReference: payment.merchantReference,
        amount: state.totalAmount - tip,
        tipAmount: tip,
        currency: payment.currency,
        status: state.status,
        source: sourceOf(payment),
        ...cardData(payment, location.merchantCountry),
        createdAt: payment.eventDate,
      });
      for (const refund of fromEvents) {
        await repo.upsertRefund(tx, {
          merchantId: location.merchantId,
          transactionId,
          pspReference: refund.pspReference,
          amount: refund.amount,
          currency: payment.currency,
          status: refund.status,
          failureReason: refund.failureReason,
          createdAt: refund.eventDate,
        });
      }
      if (location.deviceId && !existing)
        await repo.touchDevice(tx, location.merchantId, location.deviceId, payment.eventDate);
      await repo.markPayment(tx, PSP, paymentReference, {
        outcome: 'applied',
        merchantId: location.merchantId,
        transactionId,
      });
      return {
        merchantId: location.merchantId,
        siteId: location.siteId,
        transactionId,
        status: state.status,
      };
    });
  }

  return {
    /**
     * Stores the items (already authenticated) in one transaction, then applies every payment they touched.
     * Throws when applying fails: the webhook then answers an error, Adyen delivers again, and the stored but
     * unapplied items are applied then.
     */
    async ingest(items: readonly AdyenNotificationItem[]): Promise<IngestResult> {
      const rows = items.map(toRow);
      const references = [...new Set(rows.map((row) => row.paymentReference))];
      const { fresh, unapplied } = await deps.tenantDb.acrossMerchants(async (tx) => {
        const fresh = await repo.storeNotifications(tx, rows);
        const unapplied = await repo.unappliedPayments(
          tx,
          PSP,
          references.filter((reference) => !fresh.payments.has(reference)),
        );
        return { fresh, unapplied };
      });
      const changes: TransactionChange[] = [];
      for (const reference of [...fresh.payments, ...unapplied]) {
        const change = await applyPayment(reference);
        if (change) {
          changes.push(change);
          deps.onChange?.(change);
        }
      }
      return { stored: fresh.count, duplicates: rows.length - fresh.count, changes };
    },
  };
}

export type PspIngestionService = ReturnType<typeof createPspIngestionService>;
