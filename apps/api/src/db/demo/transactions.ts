import {
  PAYMENT_SOURCES,
  type PaymentSource,
  TRANSACTION_STATUSES,
  type TransactionStatus,
} from '@mp/domain/enums';
import type { refunds, transactions } from '../schema/index.ts';
import type { Random } from './random.ts';

export type TransactionInsert = typeof transactions.$inferInsert;
export type RefundInsert = typeof refunds.$inferInsert;

export interface SiteForData {
  merchantId: string;
  siteId: string;
  currency: string;
  /** Terminals at the site; in-person payments are taken on one of them. */
  deviceIds: readonly string[];
  /** Relative share of the merchant's traffic. */
  weight: number;
}

// Roughly what a card-present merchant sees: mostly captured, a tail of everything else (SPEC §3 statuses).
const STATUS_WEIGHTS: readonly (readonly [TransactionStatus, number])[] = [
  ['captured', 70],
  ['pending', 2],
  ['pre-authorized', 2],
  ['pre-authorized-pending-capture', 1],
  ['pre-authorized-capture-failed', 0.5],
  ['failed', 5],
  ['refund-pending', 1],
  ['refund', 1],
  ['refunded', 4],
  ['unref-refund', 0.5],
  ['partially-refunded', 3],
  ['chargeback-pending', 0.5],
  ['chargedback', 0.5],
  ['cancelled', 2],
];

const SOURCE_WEIGHTS: readonly (readonly [PaymentSource, number])[] = [
  ['adyen-terminal', 75],
  ['tap-to-pay', 15],
  ['pay-by-link', 10],
];

const SCHEMES = [
  { scheme: 'visa', weight: 55, bin: () => ['4', 5] as const },
  { scheme: 'mastercard', weight: 35, bin: () => ['5', 5] as const },
  { scheme: 'amex', weight: 6, bin: () => ['37', 4] as const },
  { scheme: 'maestro', weight: 4, bin: () => ['6759', 2] as const },
] as const;

const PSP_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ0123456789';

function pspReference(random: Random): string {
  let out = '';
  for (let i = 0; i < 16; i++) out += PSP_ALPHABET[random.int(0, PSP_ALPHABET.length - 1)];
  return out;
}

/** Amounts cluster around a coffee and a lunch, with a long tail up to a few hundred. */
function amountMinor(random: Random): number {
  const base = random.weighted([
    [[150, 900], 50],
    [[900, 4000], 35],
    [[4000, 25_000], 13],
    [[25_000, 90_000], 2],
  ] as const);
  return random.int(base[0], base[1]);
}

export interface GeneratedPayment {
  transaction: TransactionInsert & { id: string; createdAt: Date; amount: number };
  refunds: (RefundInsert & { amount: number; createdAt: Date })[];
}

/**
 * Deterministic card traffic for the given sites between `from` and `to`. The first transactions walk through
 * every status and every source so that even a small data set holds each of them (SPEC §3).
 */
export function* generatePayments(
  random: Random,
  options: { sites: readonly SiteForData[]; count: number; from: Date; to: Date },
): Generator<GeneratedPayment> {
  const { sites, count, from, to } = options;
  const span = to.getTime() - from.getTime();
  const siteWeights = sites.map((site) => [site, site.weight] as const);
  for (let i = 0; i < count; i++) {
    const site = random.weighted(siteWeights);
    const status =
      i < TRANSACTION_STATUSES.length * 2
        ? (TRANSACTION_STATUSES[i % TRANSACTION_STATUSES.length] as TransactionStatus)
        : random.weighted(STATUS_WEIGHTS);
    let source =
      i < TRANSACTION_STATUSES.length * 2
        ? (PAYMENT_SOURCES[i % PAYMENT_SOURCES.length] as PaymentSource)
        : random.weighted(SOURCE_WEIGHTS);
    if (source === 'adyen-terminal' && site.deviceIds.length === 0) source = 'tap-to-pay';
    const createdAt = new Date(from.getTime() + Math.floor(random.next() * span));
    const scheme = random.weighted(SCHEMES.map((s) => [s, s.weight] as const));
    const [binPrefix, binRest] = scheme.bin();
    const amount = amountMinor(random);
    const id = random.uuid();
    const transaction = {
      merchantId: site.merchantId,
      id,
      siteId: site.siteId,
      deviceId: source === 'adyen-terminal' ? random.pick(site.deviceIds) : null,
      pspReference: pspReference(random),
      merchantReference: source === 'pay-by-link' ? `PBL-${random.digits(8)}` : null,
      amount,
      tipAmount: source === 'adyen-terminal' && random.chance(0.15) ? random.int(50, 500) : 0,
      currency: site.currency,
      status,
      source,
      cardBin: `${binPrefix}${random.digits(binRest)}`,
      cardLastFour: random.digits(4),
      cardScheme: scheme.scheme,
      cardRegion: random.weighted([
        ['domestic', 80],
        ['eea', 14],
        ['global', 6],
      ] as const),
      createdAt,
      updatedAt: createdAt,
    };
    yield { transaction, refunds: refundsFor(random, transaction, to) };
  }
}

function refundsFor(
  random: Random,
  transaction: {
    merchantId: string;
    id: string;
    amount: number;
    currency: string;
    status: string;
    createdAt: Date;
  },
  until: Date,
): GeneratedPayment['refunds'] {
  const at = (hoursLater: number) =>
    new Date(Math.min(transaction.createdAt.getTime() + hoursLater * 3_600_000, until.getTime()));
  const refund = (amount: number, status: 'pending' | 'succeeded', createdAt: Date) => ({
    merchantId: transaction.merchantId,
    id: random.uuid(),
    transactionId: transaction.id,
    amount,
    currency: transaction.currency,
    status,
    pspReference: status === 'succeeded' ? pspReference(random) : null,
    reason: random.pick(['Customer request', 'Duplicate charge', 'Item returned']),
    createdAt,
    updatedAt: createdAt,
  });
  switch (transaction.status) {
    case 'refunded': {
      if (transaction.amount >= 200 && random.chance(0.3)) {
        const first = Math.floor(transaction.amount / 2);
        return [
          refund(first, 'succeeded', at(random.int(1, 24))),
          refund(transaction.amount - first, 'succeeded', at(random.int(25, 72))),
        ];
      }
      return [refund(transaction.amount, 'succeeded', at(random.int(1, 72)))];
    }
    case 'partially-refunded': {
      const part = Math.max(1, Math.floor((transaction.amount * random.int(10, 60)) / 100));
      return [refund(Math.min(part, transaction.amount - 1), 'succeeded', at(random.int(1, 72)))];
    }
    case 'refund-pending':
      return [refund(transaction.amount, 'pending', at(random.int(1, 6)))];
    default:
      return [];
  }
}
