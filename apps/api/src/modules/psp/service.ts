import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { isUuid, type TenantDb, type Tx } from '../../access/tenant-db.ts';
import type { AdyenNotificationItem } from './adyen-notification.ts';
import { cardData, keptAdditionalData } from './card-data.ts';
import {
  capturedAmountOf,
  IMPORTED_REFUNDABLE,
  importedPaymentEvents,
  PAYMENT_CODES,
  type PaymentEvent,
  paymentState,
  REFUND_CODES,
  type RefundState,
  refundsFromEvents,
} from './payment-state.ts';
import {
  type NotificationRow,
  type PaymentLocation,
  pspRepository as repo,
  type StoredItem,
  type TransactionWrite,
} from './repository.ts';

const PSP = 'adyen';

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

function toRow(item: AdyenNotificationItem): StoredItem {
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

type RefundWrite = Parameters<typeof repo.upsertRefunds>[1][number];
type Outcome = Parameters<typeof repo.writeApplied>[2]['outcomes'][number];

/** A transaction change and the payment it came from. */
interface PaymentChange {
  reference: string;
  change: TransactionChange;
}

/** A delivery waiting for its turn (group commit), answered when its items are committed. */
interface Delivery {
  rows: StoredItem[];
  references: string[];
  resolve: (result: IngestResult) => void;
  reject: (error: unknown) => void;
}

/** The most items a group of deliveries takes in one transaction (a single delivery may hold more). */
const GROUP_ITEMS = 1000;

/** Adyen's dedupe key, the order items are stored in (two deliveries sharing items never wait in a circle). */
const dedupeKey = (row: Pick<StoredItem, 'pspReference' | 'eventCode' | 'success'>) =>
  `${row.pspReference}\u0000${row.eventCode}\u0000${row.success}`;
const byDedupeKey = (a: StoredItem, b: StoredItem) => {
  const [x, y] = [dedupeKey(a), dedupeKey(b)];
  return x < y ? -1 : x > y ? 1 : 0;
};
const byEventDate = (a: NotificationRow, b: NotificationRow) => a.eventDate.getTime() - b.eventDate.getTime();

/** An item of this delivery not stored yet, as applying reads stored items (it is stored with its outcome). */
function pendingRow(row: StoredItem, receivedAt: Date): NotificationRow {
  return {
    ...row,
    id: '',
    merchantId: null,
    transactionId: null,
    originalReference: row.originalReference ?? null,
    merchantReference: row.merchantReference ?? null,
    reason: row.reason ?? null,
    paymentMethod: row.paymentMethod ?? null,
    additionalData: row.additionalData ?? {},
    receivedAt,
    appliedAt: null,
    outcome: null,
  };
}

/** A refund notification that may name a refund asked for through the API (merchantReference = our refund id). */
const claimOf = (row: NotificationRow) =>
  REFUND_CODES.has(row.eventCode) && row.merchantReference && isUuid(row.merchantReference)
    ? {
        paymentReference: row.paymentReference,
        refundId: row.merchantReference,
        pspReference: row.pspReference,
      }
    : undefined;

/**
 * The site a payment's metadata names, when it is a uuid (strictly: 36 hex digits and hyphens in any order are
 * refused by PostgreSQL as one, and would fail the whole delivery on every retry). Anything else names no site,
 * so the payment is placed by its terminal or recorded unmatched.
 */
const siteOf = (payment: NotificationRow) => {
  const siteId = payment.additionalData['metadata.siteId'];
  return siteId && isUuid(siteId) ? siteId : undefined;
};

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
 * PSP ingestion (issue 11 §1 and §5; DESIGN §4 PSP). A delivery is one database transaction, applied
 * set-based in four round trips on PostgreSQL whatever the number of items (statements sent together leave
 * together, `tenantDb.inOrder`):
 *
 * 1. `begin`, the advisory locks of every payment the delivery names (the refunds service takes the same ones),
 *    and every item already stored for them;
 * 2. what applying needs of the payments with something to apply (new items, or stored ones not applied yet):
 *    their transactions, the terminals and sites new ones were taken at, their refunds;
 * 3. the writes: transactions, terminals and the outcomes of items stored before in one statement, refunds,
 *    and the delivery's new items, stored already applied (one multi-row insert, duplicates skipped);
 * 4. `commit`.
 *
 * Applying recomputes each payment from all its items (payment-state.ts), so duplicates, retries, parallel
 * deliveries and out-of-order items all end in the same state as applying the items one by one. Deliveries that
 * arrive while a transaction is in flight share the next one (group commit, `drain`).
 *
 * If that fails (a payment that cannot be applied, a deadlock, items stored meanwhile by another process), it is
 * rolled back whole and each delivery taken again in a transaction of its own, the slow path: its items stored,
 * then its payments applied one by one (a savepoint each), so one payment that cannot be applied holds back no
 * other; the stored items commit either way, and the error is thrown afterwards: the webhook answers an error,
 * Adyen delivers again, and what was stored but not applied is applied then. A crash before a commit stores
 * nothing and answers nothing, so Adyen delivers again too (docs/decisions/0098).
 */
export function createPspIngestionService(deps: {
  tenantDb: TenantDb;
  log: FastifyBaseLogger;
  /** Called after the commit with every transaction the delivery changed (live updates). */
  onChanges?: (changes: readonly TransactionChange[]) => void;
}) {
  const { tenantDb } = deps;

  /** Locks the payments (in key order) and reads every item stored for them, each payment's in order. */
  async function lockAndRead(tx: Tx, references: readonly string[]): Promise<NotificationRow[]> {
    const [, stored] = await tenantDb.inOrder([
      () => repo.lockPayments(tx, PSP, references),
      () => repo.eventsOfPayments(tx, PSP, references),
    ]);
    return stored;
  }

  /**
   * Applies payments `references` (sorted, locked) inside `tx` from their `stored` items and the delivery's
   * `pending` ones (not stored yet: they are stored here, with their payment's outcome). Reads what it needs
   * with one statement per kind, decides each payment in memory, writes with one statement per kind.
   */
  async function applyPayments(
    tx: Tx,
    references: readonly string[],
    stored: readonly NotificationRow[],
    pending: readonly StoredItem[],
  ): Promise<PaymentChange[]> {
    const receivedAt = new Date();
    const rowsByPayment = new Map<string, NotificationRow[]>();
    const add = (row: NotificationRow) => {
      const list = rowsByPayment.get(row.paymentReference);
      if (list) list.push(row);
      else rowsByPayment.set(row.paymentReference, [row]);
    };
    for (const row of stored) add(row);
    for (const row of pending) add(pendingRow(row, receivedAt));
    // Stored items come in event order; new ones join them there (the sort is stable: stored first on a tie).
    if (pending.length > 0) for (const rows of rowsByPayment.values()) rows.sort(byEventDate);
    const storedPayments = new Set(stored.map((row) => row.paymentReference));
    const paymentOf = (reference: string) =>
      rowsByPayment
        .get(reference)
        ?.find((row) => PAYMENT_CODES.has(row.eventCode) && row.pspReference === reference);
    const payments = references.map(paymentOf).filter((payment) => payment !== undefined);

    // Everything applying reads, in one round trip: refunds asked for through the API that a notification
    // names get its PSP reference first (so they are settled instead of counted twice), then the payments'
    // transactions, where the payments were taken (their terminal, else the site their metadata names; asked
    // for every payment, used for new ones), and the refunds of the transactions.
    const claims = references.flatMap((reference) =>
      (rowsByPayment.get(reference) ?? []).map(claimOf).filter((claim) => claim !== undefined),
    );
    const serials = [
      ...new Set(
        payments.map((payment) => payment.additionalData.terminalId).filter((id) => id !== undefined),
      ),
    ];
    const siteIds = [...new Set(payments.map(siteOf).filter((id) => id !== undefined))];
    const [, found, terminals, siteLocations, knownRefunds] = await tenantDb.inOrder([
      () => repo.claimRequestedRefunds(tx, claims),
      () => repo.transactionsByPspReferences(tx, references),
      () => repo.locationsOfTerminals(tx, serials),
      () => repo.locationsOfSites(tx, siteIds),
      () => repo.refundsOfPayments(tx, references),
    ]);
    const existingByReference = new Map(found.map((row) => [row.pspReference, row]));
    const locate = (payment: NotificationRow): PaymentLocation | undefined => {
      const terminal = payment.additionalData.terminalId;
      const siteId = siteOf(payment);
      return (
        (terminal ? terminals.get(terminal) : undefined) ?? (siteId ? siteLocations.get(siteId) : undefined)
      );
    };
    const knownByTransaction = new Map<string, typeof knownRefunds>();
    for (const refund of knownRefunds) {
      const list = knownByTransaction.get(refund.transactionId);
      if (list) list.push(refund);
      else knownByTransaction.set(refund.transactionId, [refund]);
    }

    const transactionRows: TransactionWrite[] = [];
    const refundRows: RefundWrite[] = [];
    const statuses: { merchantId: string; transactionId: string; status: string }[] = [];
    const outcomes = new Map<string, Outcome>();
    const touches = new Map<string, { merchantId: string; deviceId: string; at: Date }>();
    const changes: PaymentChange[] = [];
    for (const reference of references) {
      const rows = rowsByPayment.get(reference) ?? [];
      const payment = paymentOf(reference);
      const existing = existingByReference.get(reference);
      const known = existing ? (knownByTransaction.get(existing.id) ?? []) : [];

      if (!payment && existing && rows.some((row) => REFUND_CODES.has(row.eventCode))) {
        // Refunds of a transaction imported without its notifications (the seed's history, older data): its
        // stored amount stands for the captured AUTHORISATION, so the same rules settle refunds and status.
        if (!IMPORTED_REFUNDABLE.has(existing.status)) continue;
        const events = importedPaymentEvents(existing, rows.map(toEvent));
        const fromEvents = refundsFromEvents(events, existing.amount + existing.tipAmount);
        const state = paymentState(events, allRefunds(known, fromEvents));
        for (const refund of fromEvents)
          refundRows.push({
            merchantId: existing.merchantId,
            transactionId: existing.id,
            pspReference: refund.pspReference,
            amount: refund.amount,
            currency: existing.currency,
            status: refund.status,
            failureReason: refund.failureReason,
            createdAt: refund.eventDate,
          });
        if (state) {
          statuses.push({
            merchantId: existing.merchantId,
            transactionId: existing.id,
            status: state.status,
          });
          changes.push({
            reference,
            change: {
              merchantId: existing.merchantId,
              siteId: existing.siteId,
              transactionId: existing.id,
              status: state.status,
            },
          });
        }
        outcomes.set(reference, {
          paymentReference: reference,
          outcome: 'applied',
          merchantId: existing.merchantId,
          transactionId: existing.id,
        });
        continue;
      }
      if (!payment) {
        // A modification before its payment: kept, and applied when the payment arrives.
        outcomes.set(reference, { paymentReference: reference, outcome: 'waiting' });
        continue;
      }
      const location: PaymentLocation | undefined = existing
        ? {
            merchantId: existing.merchantId,
            siteId: existing.siteId,
            deviceId: existing.deviceId,
            merchantCountry: existing.merchantCountry,
          }
        : locate(payment);
      if (!location) {
        outcomes.set(reference, { paymentReference: reference, outcome: 'unmatched' });
        continue;
      }

      const events = rows.map(toEvent);
      const fromEvents = refundsFromEvents(events, capturedAmountOf(events));
      const state = paymentState(events, allRefunds(known, fromEvents));
      if (!state) continue;

      // A new transaction's id is chosen here, so the items and refunds written with it need no answer first.
      const transactionId = existing?.id ?? randomUUID();
      const captureRow = rows.find((row) => row.eventCode === 'CAPTURE' && row.success);
      const tip = tipOf(captureRow ?? payment, state.totalAmount);
      transactionRows.push({
        merchantId: location.merchantId,
        id: transactionId,
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
          merchantId: location.merchantId,
          transactionId,
          pspReference: refund.pspReference,
          amount: refund.amount,
          currency: payment.currency,
          status: refund.status,
          failureReason: refund.failureReason,
          createdAt: refund.eventDate,
        });
      // A terminal's last transaction: the latest new payment taken on it.
      if (location.deviceId && !existing) {
        const touch = touches.get(location.deviceId);
        if (!touch || touch.at < payment.eventDate)
          touches.set(location.deviceId, {
            merchantId: location.merchantId,
            deviceId: location.deviceId,
            at: payment.eventDate,
          });
      }
      outcomes.set(reference, {
        paymentReference: reference,
        outcome: 'applied',
        merchantId: location.merchantId,
        transactionId,
      });
      changes.push({
        reference,
        change: {
          merchantId: location.merchantId,
          siteId: location.siteId,
          transactionId,
          status: state.status,
        },
      });
    }

    // Every write in one round trip; shared rows in one order whatever the delivery (transactions by PSP
    // reference, terminals by id), so concurrent deliveries wait on each other instead of in a circle.
    const newItems: StoredItem[] = pending.map((row) => {
      const outcome = outcomes.get(row.paymentReference);
      return outcome
        ? {
            ...row,
            outcome: outcome.outcome,
            merchantId: outcome.merchantId ?? null,
            transactionId: outcome.transactionId ?? null,
          }
        : row;
    });
    const [ids, , , inserted] = await tenantDb.inOrder([
      () =>
        repo.writeApplied(tx, PSP, {
          transactions: transactionRows,
          touches: [...touches.values()].sort((a, b) => (a.deviceId < b.deviceId ? -1 : 1)),
          outcomes: [...outcomes.values()].filter((outcome) => storedPayments.has(outcome.paymentReference)),
        }),
      () => repo.upsertRefunds(tx, refundRows),
      () => repo.setTransactionStatuses(tx, statuses),
      () => repo.storeNotifications(tx, newItems),
    ]);
    for (const row of transactionRows)
      if (ids.get(row.pspReference) !== row.id)
        throw new Error(`psp: payment ${row.pspReference} has a transaction applying did not read`);
    if (inserted.count !== pending.length)
      throw new Error('psp: items of this delivery were stored meanwhile by another delivery');
    return changes;
  }

  /**
   * The slow path, for one delivery: its items stored, then every payment with an item not applied applied in a
   * savepoint of its own. Answers the changes made and the first failure.
   */
  async function storeThenApplyOneByOne(
    delivery: Delivery,
  ): Promise<{ stored: number; changes: TransactionChange[]; failure?: unknown }> {
    return tenantDb.acrossMerchantsPipelined(async (tx) => {
      const fresh = await repo.storeNotifications(tx, delivery.rows);
      const unapplied = await repo.unappliedPayments(tx, PSP, delivery.references);
      const changes: TransactionChange[] = [];
      let failure: unknown;
      for (const reference of unapplied.sort()) {
        try {
          const applied = await tx.transaction(async (savepoint) =>
            applyPayments(savepoint, [reference], await lockAndRead(savepoint, [reference]), []),
          );
          changes.push(...applied.map(({ change }) => change));
        } catch (error) {
          failure ??= error;
        }
      }
      return { stored: fresh.count, changes, failure };
    });
  }

  /**
   * The fast path, for a group of deliveries: one transaction for all their items (see above). Answers the items
   * stored (the others were duplicates) and the changes, with their payments.
   */
  async function applyAtOnce(rows: readonly StoredItem[], references: readonly string[]) {
    return tenantDb.acrossMerchantsPipelined(async (tx) => {
      const stored = await lockAndRead(tx, references);
      // New items: not stored yet, and not repeated in these deliveries (the first is kept, as the insert would).
      const seen = new Set(stored.map(dedupeKey));
      const pending = rows.filter((row) => {
        const key = dedupeKey(row);
        if (seen.has(key)) return false;
        seen.add(key);
        return true;
      });
      const due = new Set(pending.map((row) => row.paymentReference));
      for (const row of stored) if (!row.appliedAt) due.add(row.paymentReference);
      const apply = references.filter((reference) => due.has(reference));
      if (apply.length === 0) return { pending, changes: [] };
      const storedOfThem = stored.filter((row) => due.has(row.paymentReference));
      return { pending, changes: await applyPayments(tx, apply, storedOfThem, pending) };
    });
  }

  /**
   * Group commit: deliveries that arrive while a transaction is in flight wait, and share the next one (up to
   * GROUP_ITEMS items), so concurrent small deliveries (one item each, Adyen's usual) cost one commit and four
   * round trips together instead of each. Each is answered once its items are committed. If the group cannot
   * be applied at once, each of its deliveries is taken again on its own (the slow path), so one delivery that
   * cannot be applied holds back no other. Deliveries with a bad signature never get here (401 before).
   */
  const waiting: Delivery[] = [];
  let inFlight = false;

  async function drain(): Promise<void> {
    if (inFlight) return;
    inFlight = true;
    try {
      while (waiting.length > 0) {
        const group = waiting.splice(0, 1);
        let items = group[0]?.rows.length ?? 0;
        while (waiting.length > 0 && items + (waiting[0]?.rows.length ?? 0) <= GROUP_ITEMS) {
          const next = waiting.shift() as Delivery;
          items += next.rows.length;
          group.push(next);
        }
        // ingestGroup answers every delivery itself; this only guards against a fault of its own.
        await ingestGroup(group).catch((error: unknown) => {
          for (const delivery of group) delivery.reject(error);
        });
      }
    } finally {
      inFlight = false;
    }
  }

  async function ingestGroup(group: readonly Delivery[]): Promise<void> {
    // The items of the whole group in dedupe-key order; on a tie, the earlier delivery's item first (stable).
    const rows = group.flatMap((delivery) => delivery.rows).sort(byDedupeKey);
    const references = [...new Set(rows.map((row) => row.paymentReference))].sort();
    let atOnce: Awaited<ReturnType<typeof applyAtOnce>>;
    try {
      atOnce = await applyAtOnce(rows, references);
    } catch (error) {
      deps.log.warn(
        { err: error, deliveries: group.length, payments: references.length },
        'psp: deliveries could not be applied at once; storing each and applying its payments one by one',
      );
      for (const delivery of group) {
        try {
          const { stored, changes, failure } = await storeThenApplyOneByOne(delivery);
          if (changes.length > 0) deps.onChanges?.(changes);
          if (failure) delivery.reject(failure);
          else delivery.resolve({ stored, duplicates: delivery.rows.length - stored, changes });
        } catch (slow) {
          delivery.reject(slow);
        }
      }
      return;
    }
    if (atOnce.changes.length > 0) deps.onChanges?.(atOnce.changes.map(({ change }) => change));
    const fresh = new Set(atOnce.pending);
    for (const delivery of group) {
      const stored = delivery.rows.filter((row) => fresh.has(row)).length;
      const mine = new Set(delivery.references);
      delivery.resolve({
        stored,
        duplicates: delivery.rows.length - stored,
        changes: atOnce.changes.filter(({ reference }) => mine.has(reference)).map(({ change }) => change),
      });
    }
  }

  return {
    /**
     * Stores the items (already authenticated) and applies every payment they touched; resolves once they are
     * committed. Rejects when applying fails, after the stored items are committed: the webhook then answers an
     * error, Adyen delivers again, and the stored but unapplied items are applied then.
     */
    ingest(items: readonly AdyenNotificationItem[]): Promise<IngestResult> {
      const rows = items.map(toRow).sort(byDedupeKey);
      const references = [...new Set(rows.map((row) => row.paymentReference))].sort();
      return new Promise<IngestResult>((resolve, reject) => {
        waiting.push({ rows, references, resolve, reject });
        void drain();
      });
    },
  };
}

export type PspIngestionService = ReturnType<typeof createPspIngestionService>;
