import type { ledgerEntries, payouts } from '../schema/index.ts';
import type { Random } from './random.ts';
import type { GeneratedPayment } from './transactions.ts';

type LedgerInsert = typeof ledgerEntries.$inferInsert & { amount: number; occurredAt: Date };
type PayoutInsert = typeof payouts.$inferInsert;

/** Statuses in which the money was taken (and so reaches the ledger). */
const SETTLED = new Set([
  'captured',
  'refunded',
  'partially-refunded',
  'refund-pending',
  'refund',
  'chargeback-pending',
  'chargedback',
]);

export interface FeeRates {
  domesticPercent: number;
  eeaPercent: number;
  globalPercent: number;
  amexPercent: number;
  tapToPayPercent: number;
}

function feeFor(rates: FeeRates, t: GeneratedPayment['transaction']): number {
  const percent =
    t.source === 'tap-to-pay'
      ? rates.tapToPayPercent
      : t.cardScheme === 'amex'
        ? rates.amexPercent
        : t.cardRegion === 'eea'
          ? rates.eeaPercent
          : t.cardRegion === 'global'
            ? rates.globalPercent
            : rates.domesticPercent;
  return Math.round((t.amount * percent) / 100);
}

/**
 * Ledger entries for the payments (payment, tip, fee, refund, chargeback) and one payout per site and
 * settlement day (merchant's time zone) up to yesterday; today's entries stay unsettled.
 */
export function buildLedger(
  random: Random,
  options: {
    merchantId: string;
    currency: string;
    timeZone: string;
    rates: FeeRates;
    payments: readonly GeneratedPayment[];
    now: Date;
  },
): { entries: LedgerInsert[]; payouts: PayoutInsert[] } {
  const { merchantId, currency, rates, now } = options;
  const localDate = new Intl.DateTimeFormat('en-CA', { timeZone: options.timeZone });
  const dayOf = (at: Date) => localDate.format(at);
  const today = dayOf(now);
  const entries: LedgerInsert[] = [];
  const entry = (
    t: GeneratedPayment['transaction'],
    type: LedgerInsert['type'],
    amount: number,
    occurredAt: Date,
    extra: Partial<LedgerInsert> = {},
  ) => {
    if (amount === 0 || occurredAt > now) return;
    entries.push({
      merchantId,
      id: random.uuid(),
      siteId: t.siteId,
      transactionId: t.id,
      type,
      amount,
      currency,
      description: `${type} ${t.pspReference}`,
      occurredAt,
      createdAt: occurredAt,
      ...extra,
    });
  };
  for (const { transaction: t, refunds } of options.payments) {
    if (!SETTLED.has(t.status)) continue;
    entry(t, 'payment', t.amount, t.createdAt);
    entry(t, 'tip', t.tipAmount ?? 0, t.createdAt);
    entry(t, 'fee', -feeFor(rates, t), t.createdAt);
    for (const refund of refunds) {
      if (refund.status === 'succeeded')
        entry(t, 'refund', -refund.amount, refund.createdAt, { refundId: refund.id });
    }
    if (t.status === 'chargedback')
      entry(t, 'chargeback', -t.amount, new Date(t.createdAt.getTime() + 10 * 86_400_000));
  }

  const groups = new Map<string, LedgerInsert[]>();
  for (const e of entries) {
    const day = dayOf(e.occurredAt);
    if (day >= today) continue;
    const key = `${e.siteId}|${day}`;
    const group = groups.get(key) ?? [];
    group.push(e);
    groups.set(key, group);
  }
  const twoDaysAgo = dayOf(new Date(now.getTime() - 2 * 86_400_000));
  const payoutRows: PayoutInsert[] = [];
  for (const key of [...groups.keys()].sort()) {
    const group = groups.get(key) ?? [];
    const [siteId = '', payoutDate = ''] = key.split('|');
    const id = random.uuid();
    const fees = group.filter((e) => e.type === 'fee').reduce((sum, e) => sum - e.amount, 0);
    const gross = group.filter((e) => e.type !== 'fee').reduce((sum, e) => sum + e.amount, 0);
    const status = payoutDate >= twoDaysAgo ? 'pending' : random.chance(0.02) ? 'failed' : 'completed';
    for (const e of group) e.payoutId = id;
    payoutRows.push({
      merchantId,
      id,
      siteId,
      status,
      payoutDate,
      amount: gross - fees,
      grossAmount: gross,
      feesAmount: fees,
      currency,
      reference: `PO-${payoutDate.replaceAll('-', '')}-${random.digits(6)}`,
      bankAccountLastFour: '4821',
      paidAt: status === 'completed' ? new Date(`${payoutDate}T09:00:00Z`) : null,
      failureReason: status === 'failed' ? 'The bank rejected the transfer' : null,
      createdAt: new Date(`${payoutDate}T06:00:00Z`),
      updatedAt: new Date(`${payoutDate}T06:00:00Z`),
    });
  }
  return { entries, payouts: payoutRows };
}
