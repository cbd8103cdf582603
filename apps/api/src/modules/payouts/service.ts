import { createCursorCodec } from '@mp/domain/cursor';
import { translate } from '@mp/domain/messages';
import { sitesWithPermission } from '@mp/domain/permissions';
import type { MerchantAccessContext } from '../../access/route-access.ts';
import { isUuid, type TenantDb } from '../../access/tenant-db.ts';
import type { LEDGER_ENTRY_TYPES } from '../../db/schema/payouts.ts';
import { badRequest, notFound } from '../../plugins/errors.ts';
import { BANK_FAILURE_TEXTS, payoutFailureCode } from './ledger-builder.ts';
import {
  type LedgerCursor,
  type PayoutCursor,
  type PayoutRow,
  payoutsRepository as repo,
} from './repository.ts';
import { LEDGER_PAGE_SIZE, PAYOUTS_PAGE_SIZE } from './schemas.ts';

const payoutCursor = createCursorCodec('payouts', ['day', 'uuid'] as const);
const ledgerCursor = createCursorCodec('ledger', ['date', 'int', 'uuid'] as const);

const badCursor = () =>
  badRequest('The request is not valid', [
    {
      field: 'lastKey',
      rule: 'validation.cursorInvalid',
      message: translate('validation.cursorInvalid', 'en-GB'),
    },
  ]);

type EntryRow = Awaited<ReturnType<typeof repo.entries>>[number];

/** One page of entries and the key of the next (null on the last page). */
function entriesPage(rows: EntryRow[]) {
  const page = rows.slice(0, LEDGER_PAGE_SIZE);
  const last = page.at(-1);
  return {
    entries: page.map(({ entry }) => ({
      id: entry.id,
      type: entry.type as (typeof LEDGER_ENTRY_TYPES)[number],
      amount: entry.amount,
      currency: entry.currency,
      description: entry.description,
      occurredAt: entry.occurredAt.toISOString(),
      tradingDay: entry.tradingDay,
      transactionId: entry.transactionId,
      refundId: entry.refundId,
      invoiced: entry.invoiced,
    })),
    lastKey:
      rows.length > LEDGER_PAGE_SIZE && last
        ? ledgerCursor.encode([last.entry.occurredAt, last.rank, last.entry.id])
        : null,
  };
}

function decodeKey(key: string): PayoutCursor {
  const decoded = payoutCursor.decode(key);
  if (!decoded) throw badCursor();
  return { payoutDate: decoded[0], id: decoded[1] };
}

function toPayout(row: PayoutRow) {
  const failureCode = payoutFailureCode(row.failureReason);
  return {
    ...row,
    failureCode,
    failureReason: failureCode ? BANK_FAILURE_TEXTS[failureCode] : null,
    status: row.status as 'pending' | 'completed' | 'failed',
    paidAt: row.paidAt?.toISOString() ?? null,
  };
}

/**
 * SPEC §7 payouts. A site manager reads the payouts of the sites they hold Payout:ListPayouts /
 * Payout:GetPayout on; a payout of another site answers "Payout not found", like one that does not exist.
 */
export function createPayoutsService(deps: { tenantDb: TenantDb }) {
  return {
    async list(
      access: MerchantAccessContext,
      query: { siteId?: string | undefined; date?: string | undefined; lastKey?: string | undefined },
    ) {
      const cursor = query.lastKey ? decodeKey(query.lastKey) : undefined;
      const held = sitesWithPermission(access, 'Payout:ListPayouts');
      const siteIds = query.siteId ? [query.siteId] : held === 'all' ? undefined : held.filter(isUuid);
      const rows = await deps.tenantDb.forMerchant(access.merchantId, async (tx) => {
        if (query.siteId && !(await repo.siteExists(tx, access.merchantId, query.siteId)))
          throw notFound('Site not found');
        return repo.list(tx, access.merchantId, { siteIds, date: query.date }, cursor, PAYOUTS_PAGE_SIZE + 1);
      });
      const page = rows.slice(0, PAYOUTS_PAGE_SIZE);
      const last = page.at(-1);
      return {
        data: page.map(toPayout),
        lastKey:
          rows.length > PAYOUTS_PAGE_SIZE && last ? payoutCursor.encode([last.payoutDate, last.id]) : null,
      };
    },

    async get(access: MerchantAccessContext, payoutId: string) {
      const held = sitesWithPermission(access, 'Payout:GetPayout');
      return deps.tenantDb.forMerchant(access.merchantId, async (tx) => {
        const payout = isUuid(payoutId) ? await repo.get(tx, access.merchantId, payoutId) : undefined;
        if (!payout || (held !== 'all' && !held.includes(payout.siteId))) throw notFound('Payout not found');
        const days = await repo.days(tx, access.merchantId, payoutId);
        const entries = entriesPage(
          await repo.entries(tx, access.merchantId, payoutId, undefined, LEDGER_PAGE_SIZE + 1),
        );
        return {
          ...toPayout(payout),
          settlementType: (days.at(-1)?.settlementType === 'gross' ? 'gross' : 'net') as 'net' | 'gross',
          days: days.map((day) => ({
            tradingDay: day.tradingDay,
            windowStart: day.windowStart.toISOString(),
            windowEnd: day.windowEnd.toISOString(),
            grossAmount: day.grossAmount,
            refundsAmount: day.refundsAmount,
            feesAmount: day.feesAmount,
            netAmount: day.netAmount,
            transactionCount: day.transactionCount,
          })),
          entries: entries.entries,
          entriesLastKey: entries.lastKey,
        };
      });
    },

    /** GET …/payouts/{payoutId}/entries: the ledger's next page after `lastKey` (the detail holds the first). */
    async entries(access: MerchantAccessContext, payoutId: string, lastKey: string | undefined) {
      const decoded = lastKey ? ledgerCursor.decode(lastKey) : undefined;
      if (lastKey && !decoded) throw badCursor();
      const after: LedgerCursor | undefined = decoded
        ? { occurredAt: decoded[0], rank: decoded[1], id: decoded[2] }
        : undefined;
      const held = sitesWithPermission(access, 'Payout:GetPayout');
      return deps.tenantDb.forMerchant(access.merchantId, async (tx) => {
        const payout = isUuid(payoutId) ? await repo.get(tx, access.merchantId, payoutId) : undefined;
        if (!payout || (held !== 'all' && !held.includes(payout.siteId))) throw notFound('Payout not found');
        const page = entriesPage(
          await repo.entries(tx, access.merchantId, payoutId, after, LEDGER_PAGE_SIZE + 1),
        );
        return { data: page.entries, lastKey: page.lastKey };
      });
    },
  };
}

export type PayoutsService = ReturnType<typeof createPayoutsService>;
