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

type Existing = Awaited<ReturnType<typeof repo.transactionsByPspReferences>>[number];
type RefundWrite = Parameters<typeof repo.upsertRefunds>[1][number];
type Outcome = Parameters<typeof repo.markPayments>[2][number];

/** Adyen's dedupe key, the order items are stored in (two deliveries sharing items never wait in a circle). */
const dedupeKey = (row: NotificationInsert) =>
  `${row.pspReference}\u0000${row.eventCode}\u0000${row.success}`;
const byDedupeKey = (a: NotificationInsert, b: NotificationInsert) => {
  const [x, y] = [dedupeKey(a), dedupeKey(b)];
  return x < y ? -1 : x > y ? 1 : 0;
};

/** Refund notifications that may name a refund asked for through the API (merchantReference = our refund id). */
const claimsOf = (existing: Existing, rows: readonly NotificationRow[]) =>
  rows
    .filter(
      (row) => REFUND_CODES.has(row.eventCode) && row.merchantReference && isUuid(row.merchantReference),
    )
    .map((row) => ({
      merchantId: existing.merchantId,
      transactionId: existing.id,
      refundId: row.merchantReference as string,
      pspReference: row.pspReference,
    }));

/** The refunds of a transaction as they stand: those not decided by a notification, then those decided. */
function allRefunds(
  known: readonly { pspReference: string | null; amount: number; status: string }[],
  fromEvents: readonly RefundState[],
): Pick<RefundState, 'amount' | 'status'>[] {
  const decided = new Set(fromEvents.map((refund) => refund.pspReference));
  return [
    ...known
      .filter((refund) => !refund.pspReference || !decided.has(refund.pspReference))
      .map((refund) => ({ amount: refund.amount, status: refund.status as RefundState['status'] })),
    ...fromEvents,
  ];
}

/**
 * PSP ingestion (issue 11 §1 and §5; DESIGN §4 PSP). A delivery is one database transaction: its items stored
 * with one multi-row insert (duplicates skipped by the dedupe index), then every payment they touched applied
 * set-based in a savepoint: about ten statements whatever the number of items (lock, read the payments' items,
 * their transactions, where new ones were taken, their refunds; write transactions, refunds, terminals and
 * outcomes with one statement each). Applying recomputes each payment from all its stored items
 * (payment-state.ts) under an advisory lock per payment, so duplicates, retries, parallel deliveries and
 * out-of-order items all end in the same state as applying the items one by one.
 *
 * If applying the delivery at once fails, its payments are applied one by one (a savepoint each), so one payment
 * that cannot be applied holds back no other; the stored items commit either way, and the error is thrown
 * afterwards: the webhook answers an error, Adyen delivers again, and what was stored but not applied is applied
 * then. A crash before the commit stores nothing and answers nothing, so Adyen delivers again too.
 */
export function createPspIngestionService(deps: {
  tenantDb: TenantDb;
  log: FastifyBaseLogger;
  /** Called after the commit with every transaction the delivery changed (live updates). */
  onChanges?: (changes: readonly TransactionChange[]) => void;
}) {
  /**
   * Applies `references` (payments with stored items) inside `tx`: reads everything they need with one
   * statement per kind, decides each payment in memory, writes with one statement per kind.
   */
  async function applyPayments(tx: Tx, references: readonly string[]): Promise<TransactionChange[]> {
    const sorted = [...new Set(references)].sort();
    await repo.lockPayments(tx, PSP, sorted);
    const rowsByPayment = new Map<string, NotificationRow[]>();
    for (const row of await repo.eventsOfPayments(tx, PSP, sorted)) {
      const list = rowsByPayment.get(row.paymentReference);
      if (list) list.push(row);
      else rowsByPayment.set(row.paymentReference, [row]);
    }
    const existingByReference = new Map(
      (await repo.transactionsByPspReferences(tx, sorted)).map((row) => [row.pspReference, row]),
    );
    const paymentOf = (reference: string) =>
      rowsByPayment
        .get(reference)
        ?.find((row) => PAYMENT_CODES.has(row.eventCode) && row.pspReference === reference);

    // Where new payments were taken: their terminal, else the site their metadata names.
    const fresh = sorted
      .filter((reference) => !existingByReference.has(reference))
      .map(paymentOf)
      .filter((payment): payment is NotificationRow => payment !== undefined);
    const terminals = await repo.locationsOfTerminals(tx, [
      ...new Set(fresh.map((payment) => payment.additionalData.terminalId).filter((id) => id !== undefined)),
    ]);
    const siteOf = (payment: NotificationRow) => {
      const siteId = payment.additionalData['metadata.siteId'];
      return siteId && /^[0-9a-f-]{36}$/i.test(siteId) ? siteId : undefined;
    };
    const terminalOf = (payment: NotificationRow) => {
      const terminal = payment.additionalData.terminalId;
      return terminal ? terminals.get(terminal) : undefined;
    };
    const siteLocations = await repo.locationsOfSites(tx, [
      ...new Set(
        fresh
          .filter((payment) => !terminalOf(payment))
          .map(siteOf)
          .filter((id) => id !== undefined),
      ),
    ]);
    const locate = (payment: NotificationRow): PaymentLocation | undefined => {
      const siteId = siteOf(payment);
      return terminalOf(payment) ?? (siteId ? siteLocations.get(siteId) : undefined);
    };

    // Refunds asked for through the API that a notification names get its PSP reference first, so they are
    // settled instead of counted twice; then every refund of the payments already known.
    const existing = [...existingByReference.values()];
    await repo.claimRequestedRefunds(
      tx,
      existing.flatMap((row) => claimsOf(row, rowsByPayment.get(row.pspReference) ?? [])),
    );
    const knownByTransaction = new Map<string, Awaited<ReturnType<typeof repo.refundsOfTransactions>>>();
    for (const refund of await repo.refundsOfTransactions(
      tx,
      existing.map((row) => row.id),
    )) {
      const list = knownByTransaction.get(refund.transactionId);
      if (list) list.push(refund);
      else knownByTransaction.set(refund.transactionId, [refund]);
    }

    const transactionRows: Parameters<typeof repo.upsertTransactions>[1] = [];
    const refundRows: (Omit<RefundWrite, 'transactionId'> & { paymentReference: string })[] = [];
    const importedRefunds: RefundWrite[] = [];
    const statuses: { merchantId: string; transactionId: string; status: string }[] = [];
    const outcomes: Outcome[] = [];
    const applied: { reference: string; location: PaymentLocation; status: string; existing?: Existing }[] =
      [];
    const changes: TransactionChange[] = [];
    for (const reference of sorted) {
      const rows = rowsByPayment.get(reference) ?? [];
      const payment = paymentOf(reference);
      const found = existingByReference.get(reference);
      const known = found ? (knownByTransaction.get(found.id) ?? []) : [];

      if (!payment && found && rows.some((row) => REFUND_CODES.has(row.eventCode))) {
        // Refunds of a transaction imported without its notifications (the seed's history, older data): its
        // stored amount stands for the captured AUTHORISATION, so the same rules settle refunds and status.
        if (!IMPORTED_REFUNDABLE.has(found.status)) continue;
        const total = found.amount + found.tipAmount;
        const events: PaymentEvent[] = [
          {
            pspReference: reference,
            eventCode: 'AUTHORISATION',
            success: true,
            amount: total,
            eventDate: found.createdAt,
            reason: null,
            additionalData: {},
          },
          ...rows.map(toEvent),
        ];
        const fromEvents = refundsFromEvents(events, total);
        const state = paymentState(events, allRefunds(known, fromEvents));
        for (const refund of fromEvents)
          importedRefunds.push({
            merchantId: found.merchantId,
            transactionId: found.id,
            pspReference: refund.pspReference,
            amount: refund.amount,
            currency: found.currency,
            status: refund.status,
            failureReason: refund.failureReason,
            createdAt: refund.eventDate,
          });
        if (state) {
          statuses.push({ merchantId: found.merchantId, transactionId: found.id, status: state.status });
          changes.push({
            merchantId: found.merchantId,
            siteId: found.siteId,
            transactionId: found.id,
            status: state.status,
          });
        }
        outcomes.push({
          paymentReference: reference,
          outcome: 'applied',
          merchantId: found.merchantId,
          transactionId: found.id,
        });
        continue;
      }
      if (!payment) {
        // A modification before its payment: kept, and applied when the payment arrives.
        outcomes.push({ paymentReference: reference, outcome: 'waiting' });
        continue;
      }
      const location: PaymentLocation | undefined = found
        ? {
            merchantId: found.merchantId,
            siteId: found.siteId,
            deviceId: found.deviceId,
            merchantCountry: found.merchantCountry,
          }
        : locate(payment);
      if (!location) {
        outcomes.push({ paymentReference: reference, outcome: 'unmatched' });
        continue;
      }

      const events = rows.map(toEvent);
      const provisional = paymentState(events, []);
      const fromEvents = refundsFromEvents(events, provisional?.capturedAmount ?? 0);
      const state = paymentState(events, allRefunds(known, fromEvents));
      if (!state) continue;

      const captureRow = rows.find((row) => row.eventCode === 'CAPTURE' && row.success);
      const tip = tipOf(captureRow ?? payment, state.totalAmount);
      transactionRows.push({
        merchantId: location.merchantId,
        siteId: location.siteId,
        deviceId: location.deviceId,
        pspReference: reference,
        merchantReference: payment.merchantReference,
        amount: state.totalAmount - tip,
        tipAmount: tip,
        currency: payment.currency,
        status: state.status,
        source: sourceOf(payment),
        ...cardData(payment, location.merchantCountry),
        createdAt: payment.eventDate,
      });
      for (const refund of fromEvents)
        refundRows.push({
          paymentReference: reference,
          merchantId: location.merchantId,
          pspReference: refund.pspReference,
          amount: refund.amount,
          currency: payment.currency,
          status: refund.status,
          failureReason: refund.failureReason,
          createdAt: refund.eventDate,
        });
      applied.push({ reference, location, status: state.status, existing: found });
    }

    const ids = await repo.upsertTransactions(tx, transactionRows);
    const idOf = (reference: string) => {
      const id = ids.get(reference);
      if (!id) throw new Error(`psp: no transaction id came back for payment ${reference}`);
      return id;
    };
    await repo.upsertRefunds(tx, [
      ...refundRows.map(({ paymentReference, ...refund }) => ({
        ...refund,
        transactionId: idOf(paymentReference),
      })),
      ...importedRefunds,
    ]);
    await repo.setTransactionStatuses(tx, statuses);
    // A terminal's last transaction: the latest new payment taken on it.
    const touches = new Map<string, { merchantId: string; deviceId: string; at: Date }>();
    for (const { reference, location, existing: found } of applied) {
      if (!location.deviceId || found) continue;
      const at = (paymentOf(reference) as NotificationRow).eventDate;
      const touch = touches.get(location.deviceId);
      if (!touch || touch.at < at)
        touches.set(location.deviceId, { merchantId: location.merchantId, deviceId: location.deviceId, at });
    }
    await repo.touchDevices(tx, [...touches.values()]);
    for (const { reference, location, status } of applied) {
      const transactionId = idOf(reference);
      outcomes.push({
        paymentReference: reference,
        outcome: 'applied',
        merchantId: location.merchantId,
        transactionId,
      });
      changes.push({ merchantId: location.merchantId, siteId: location.siteId, transactionId, status });
    }
    await repo.markPayments(tx, PSP, outcomes);
    return changes;
  }

  /** Applies stored payments in a savepoint; when that fails, each payment in a savepoint of its own. */
  async function applyStored(
    tx: Tx,
    references: readonly string[],
  ): Promise<{ changes: TransactionChange[]; failure?: unknown }> {
    if (references.length === 0) return { changes: [] };
    try {
      return { changes: await tx.transaction((savepoint) => applyPayments(savepoint, references)) };
    } catch (error) {
      if (references.length === 1) return { changes: [], failure: error };
      deps.log.warn(
        { err: error, payments: references.length },
        'psp: a delivery could not be applied at once; applying its payments one by one',
      );
      const changes: TransactionChange[] = [];
      let failure: unknown;
      for (const reference of references) {
        try {
          changes.push(...(await tx.transaction((savepoint) => applyPayments(savepoint, [reference]))));
        } catch (single) {
          failure ??= single;
        }
      }
      return { changes, failure };
    }
  }

  return {
    /**
     * Stores the items (already authenticated) and applies every payment they touched, in one transaction.
     * Throws when applying fails, after the stored items are committed: the webhook then answers an error,
     * Adyen delivers again, and the stored but unapplied items are applied then.
     */
    async ingest(items: readonly AdyenNotificationItem[]): Promise<IngestResult> {
      const rows = items.map(toRow).sort(byDedupeKey);
      const references = [...new Set(rows.map((row) => row.paymentReference))];
      const { stored, changes, failure } = await deps.tenantDb.acrossMerchants(async (tx) => {
        const fresh = await repo.storeNotifications(tx, rows);
        const unapplied = await repo.unappliedPayments(
          tx,
          PSP,
          references.filter((reference) => !fresh.payments.has(reference)),
        );
        return { stored: fresh.count, ...(await applyStored(tx, [...fresh.payments, ...unapplied])) };
      });
      if (changes.length > 0) deps.onChanges?.(changes);
      if (failure) throw failure;
      return { stored, duplicates: rows.length - stored, changes };
    },
  };
}

export type PspIngestionService = ReturnType<typeof createPspIngestionService>;
