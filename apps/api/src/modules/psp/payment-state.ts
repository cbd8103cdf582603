import type { TransactionStatus } from '@mp/domain/enums';

/**
 * What a payment's notification items say about it, whatever order they arrived in (SPEC §3 statuses;
 * issue 11 §1). Pure: the ingestion service loads every stored item of one payment and its refunds, and
 * writes what this returns.
 *
 * Event codes (Adyen standard notifications) and what they do:
 * - AUTHORISATION: the payment. success=false → failed. A sale is captured at once (terminals capture
 *   automatically); a pre-authorisation (`authorisationType` PreAuth) → pre-authorized.
 * - AUTHORISATION_ADJUSTMENT (success): a pre-authorisation's final amount is set → pre-authorized-pending-capture.
 * - CAPTURE: success → captured (with the captured amount); success=false → pre-authorized-capture-failed.
 * - CAPTURE_FAILED (success): the capture was refused by the scheme after all → pre-authorized-capture-failed.
 * - CANCELLATION (success): cancelled. CANCEL_OR_REFUND: cancel before capture, a full refund after
 *   (`modification.action` says which when present).
 * - REFUND / REFUND_FAILED / REFUNDED_REVERSED: one refund each (its own pspReference): succeeded, failed (with
 *   the reason), failed again after having succeeded (money came back).
 * - NOTIFICATION_OF_CHARGEBACK → chargeback-pending, CHARGEBACK → chargedback, CHARGEBACK_REVERSED → back to
 *   what the payment was before; the latest of them by event date decides.
 * - REFUND_WITH_DATA: an unreferenced refund, a transaction of its own → unref-refund.
 * Other event codes are stored and shown but change nothing.
 */
export interface PaymentEvent {
  pspReference: string;
  eventCode: string;
  success: boolean;
  amount: number;
  eventDate: Date;
  reason: string | null;
  additionalData: Record<string, string>;
}

export interface RefundState {
  pspReference: string;
  amount: number;
  status: 'pending' | 'succeeded' | 'failed';
  failureReason: string | null;
  eventDate: Date;
}

export interface PaymentState {
  status: TransactionStatus;
  /** Total amount (tip included) authorised, or captured once captured. */
  totalAmount: number;
  /** Captured total (tip included); 0 before capture. */
  capturedAmount: number;
}

const CHARGEBACK_CODES = new Set(['NOTIFICATION_OF_CHARGEBACK', 'CHARGEBACK', 'CHARGEBACK_REVERSED']);
export const REFUND_CODES = new Set(['REFUND', 'REFUND_FAILED', 'REFUNDED_REVERSED']);
/** Event codes that start a transaction of their own (the others modify one). */
export const PAYMENT_CODES = new Set(['AUTHORISATION', 'REFUND_WITH_DATA']);

const succeeded = (events: readonly PaymentEvent[], code: string) =>
  events.find((event) => event.eventCode === code && event.success);

export const isPreAuthorisation = (auth: PaymentEvent) =>
  auth.additionalData.authorisationType?.toLowerCase() === 'preauth';

/**
 * The refunds that notifications tell of, keyed by the refund's pspReference. `requested` are the refunds
 * asked for through the API and not yet decided (pending, with their PSP reference once the PSP answered).
 */
export function refundsFromEvents(events: readonly PaymentEvent[], capturedAmount: number): RefundState[] {
  const byReference = new Map<string, PaymentEvent[]>();
  for (const event of events) {
    const isRefund =
      REFUND_CODES.has(event.eventCode) ||
      (event.eventCode === 'CANCEL_OR_REFUND' &&
        event.success &&
        cancelOrRefundIsRefund(event, capturedAmount));
    if (!isRefund) continue;
    byReference.set(event.pspReference, [...(byReference.get(event.pspReference) ?? []), event]);
  }
  const refunds: RefundState[] = [];
  for (const [pspReference, list] of byReference) {
    const first = list[0] as PaymentEvent;
    const failedBy =
      list.find((e) => e.eventCode === 'REFUNDED_REVERSED' && e.success) ??
      list.find((e) => e.eventCode === 'REFUND_FAILED' && e.success) ??
      list.find((e) => e.eventCode === 'REFUND' && !e.success);
    const done = list.find(
      (e) => (e.eventCode === 'REFUND' || e.eventCode === 'CANCEL_OR_REFUND') && e.success,
    );
    refunds.push({
      pspReference,
      amount: (done ?? first).amount,
      status: failedBy ? 'failed' : done ? 'succeeded' : 'pending',
      failureReason: failedBy ? failedBy.reason || failedBy.eventCode : null,
      // When the refund was first told of (its earliest item): the same whatever order or grouping its items
      // arrived in (the stored refund keeps the earliest date it was given, repository `upsertRefunds`).
      eventDate: first.eventDate,
    });
  }
  return refunds;
}

/**
 * What the payment's AUTHORISATION and CAPTURE items captured (tip included), whatever else came: a sale at once,
 * a pre-authorisation once its CAPTURE succeeded. A CANCELLATION does not undo it here, so whether a
 * CANCEL_OR_REFUND is a refund does not depend on whether the cancellation had arrived yet: a stored refund is
 * never taken back, so deciding it from the cancelled state made one-by-one delivery keep a refund that the same
 * items in one batch never made.
 */
export function capturedAmountOf(events: readonly PaymentEvent[]): number {
  const auth = events.find((event) => event.eventCode === 'AUTHORISATION');
  if (!auth?.success) return 0;
  const capture = succeeded(events, 'CAPTURE');
  return capture ? capture.amount : isPreAuthorisation(auth) ? 0 : auth.amount;
}

function cancelOrRefundIsRefund(event: PaymentEvent, capturedAmount: number): boolean {
  const action = event.additionalData['modification.action']?.toLowerCase();
  if (action) return action === 'refund';
  return capturedAmount > 0;
}

/** Statuses of a transaction imported without its notifications that refunds may change. */
export const IMPORTED_REFUNDABLE: ReadonlySet<string> = new Set([
  'captured',
  'refund-pending',
  'partially-refunded',
  'refunded',
]);

/**
 * The items of a transaction imported without its notifications (the seed's history, older data): its stored
 * total (tip included) stands for the captured AUTHORISATION, followed by whatever items were stored for it, so
 * the same rules (`refundsFromEvents`, `paymentState`) settle its refunds and status.
 */
export function importedPaymentEvents(
  imported: { pspReference: string; amount: number; tipAmount: number; createdAt: Date },
  stored: readonly PaymentEvent[],
): PaymentEvent[] {
  return [
    {
      pspReference: imported.pspReference,
      eventCode: 'AUTHORISATION',
      success: true,
      amount: imported.amount + imported.tipAmount,
      eventDate: imported.createdAt,
      reason: null,
      additionalData: {},
    },
    ...stored,
  ];
}

/**
 * The payment's state from its AUTHORISATION (or REFUND_WITH_DATA) and every modification, plus its refunds
 * as they stand (notification-made and API-requested alike). Returns undefined while the payment itself has
 * not arrived: modifications wait for it (a CAPTURE before its AUTHORISATION).
 */
export function paymentState(
  events: readonly PaymentEvent[],
  refunds: readonly Pick<RefundState, 'amount' | 'status'>[],
): PaymentState | undefined {
  const unreferenced = events.find((event) => event.eventCode === 'REFUND_WITH_DATA');
  if (unreferenced) {
    return {
      status: unreferenced.success ? 'unref-refund' : 'failed',
      totalAmount: unreferenced.amount,
      capturedAmount: 0,
    };
  }
  const auth = events.find((event) => event.eventCode === 'AUTHORISATION');
  if (!auth) return undefined;
  if (!auth.success) return { status: 'failed', totalAmount: auth.amount, capturedAmount: 0 };

  const capture = succeeded(events, 'CAPTURE');
  const captureFailed =
    events.find((e) => e.eventCode === 'CAPTURE' && !e.success) ?? succeeded(events, 'CAPTURE_FAILED');
  const capturedAmount = capturedAmountOf(events);
  const totalAmount = capture ? capture.amount : auth.amount;
  const state = (status: TransactionStatus): PaymentState => ({ status, totalAmount, capturedAmount });

  const cancelOrRefund = succeeded(events, 'CANCEL_OR_REFUND');
  if (
    succeeded(events, 'CANCELLATION') ||
    (cancelOrRefund && !cancelOrRefundIsRefund(cancelOrRefund, capturedAmount))
  )
    return { status: 'cancelled', totalAmount, capturedAmount: 0 };

  const chargeback = events
    .filter((event) => CHARGEBACK_CODES.has(event.eventCode) && event.success)
    .sort((a, b) => b.eventDate.getTime() - a.eventDate.getTime())[0];
  if (chargeback?.eventCode === 'CHARGEBACK') return state('chargedback');
  if (chargeback?.eventCode === 'NOTIFICATION_OF_CHARGEBACK') return state('chargeback-pending');

  if (capturedAmount === 0) {
    // A capture that failed after the capture request; a later successful CAPTURE wins above.
    if (captureFailed && !capture) return state('pre-authorized-capture-failed');
    if (succeeded(events, 'AUTHORISATION_ADJUSTMENT')) return state('pre-authorized-pending-capture');
    return state('pre-authorized');
  }

  if (refunds.some((refund) => refund.status === 'pending')) return state('refund-pending');
  const refunded = refunds
    .filter((refund) => refund.status === 'succeeded')
    .reduce((sum, refund) => sum + refund.amount, 0);
  if (refunded >= capturedAmount) return state('refunded');
  if (refunded > 0) return state('partially-refunded');
  return state('captured');
}
