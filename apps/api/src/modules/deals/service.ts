import { randomInt } from 'node:crypto';
import type { AuditAction } from '@mp/domain/audit-actions';
import { translate } from '@mp/domain/messages';
import {
  DEAL_REFERENCE_ALPHABET,
  type DealBody,
  type DealStatus,
  type DealUpdateBody,
} from '@mp/domain/schemas/deals';
import type { TenantDb, Tx } from '../../access/tenant-db.ts';
import type { Clock } from '../../clock.ts';
import type { DealAdjustment } from '../../db/schema/deals.ts';
import type { Actor } from '../../plugins/auth.ts';
import { AppError, badRequest, notFound } from '../../plugins/errors.ts';
import { auditRepository } from '../audit/repository.ts';
import { type DealRow, dealsRepository as repo } from './repository.ts';

/** How many deals the staff list shows (newest first). */
export const DEALS_LIST_LIMIT = 200;

/** The UTC calendar date of an instant: a deal is valid through its `validUntil` day. */
const utcDate = (instant: Date) => instant.toISOString().slice(0, 10);

/** Whether a deal can be taken on `today`: active, and not past its last valid day. */
export function dealState(row: Pick<DealRow, 'status' | 'validUntil'>, today: string) {
  if (row.status === 'withdrawn') return 'withdrawn' as const;
  return row.validUntil < today ? ('expired' as const) : ('active' as const);
}

const detail = (field: string, rule: Parameters<typeof translate>[0]) => ({
  field,
  rule,
  message: translate(rule, 'en-GB'),
});

/** 400 naming the field that carries an unusable deal reference. */
export const dealNotFoundAt = (field: string) =>
  badRequest('The request is not valid', [detail(field, 'validation.dealNotFound')]);

/** The pricing of a deal, what a merchant (or an applicant) is shown and signs. */
export function dealPricing(row: DealRow) {
  return {
    reference: row.reference,
    currency: row.currency,
    domesticPercent: Number(row.domesticPercent),
    eeaPercent: Number(row.eeaPercent),
    globalPercent: Number(row.globalPercent),
    amexPercent: Number(row.amexPercent),
    otherPercent: Number(row.otherPercent),
    tapToPayPercent: Number(row.tapToPayPercent),
    fixedFee: row.fixedFee,
    deviceRentalMonthly: row.deviceRentalMonthly,
    settlementType: row.settlementType as 'net' | 'gross',
    contractMonths: row.contractMonths,
    monthlyFees: row.adjustments
      .filter((a): a is Extract<DealAdjustment, { kind: 'monthly-fee' }> => a.kind === 'monthly-fee')
      .map(({ description, amount }) => ({ description, amount })),
    discounts: row.adjustments
      .filter((a): a is Extract<DealAdjustment, { kind: 'discount' }> => a.kind === 'discount')
      .map(({ description, percent, durationMonths }) => ({ description, percent, durationMonths })),
    validUntil: row.validUntil,
  };
}

function staffView(row: DealRow, today: string) {
  return {
    ...dealPricing(row),
    name: row.name,
    status: row.status as DealStatus,
    state: dealState(row, today),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The deal `reference` names if it can be taken today; undefined when unknown, withdrawn or expired. */
export async function usableDeal(tx: Tx, reference: string, now: Date): Promise<DealRow | undefined> {
  const row = await repo.byReference(tx, reference.trim().toUpperCase());
  return row && dealState(row, utcDate(now)) === 'active' ? row : undefined;
}

/** `contractMonths` after `today` (YYYY-MM-DD), the end date of a contract taken today; null without one. */
export function contractEndDate(today: string, contractMonths: number | null): string | null {
  if (contractMonths === null) return null;
  const [year, month, day] = today.split('-').map(Number) as [number, number, number];
  const end = new Date(Date.UTC(year, month - 1 + contractMonths, 1));
  const lastDay = new Date(Date.UTC(end.getUTCFullYear(), end.getUTCMonth() + 1, 0)).getUTCDate();
  end.setUTCDate(Math.min(day, lastDay));
  return end.toISOString().slice(0, 10);
}

/** The deal's fees and discounts as the merchant's billing adjustments, starting `today`. */
export function dealAdjustmentRows(
  row: DealRow,
  merchantId: string,
  today: string,
  createdBy: string,
  now: Date,
) {
  return row.adjustments.map((a) => ({
    merchantId,
    kind: a.kind,
    description: a.description,
    currency: row.currency,
    startsOn: today,
    createdBy,
    createdAt: now,
    updatedAt: now,
    ...(a.kind === 'monthly-fee'
      ? { amount: a.amount, endsOn: contractEndDate(today, row.contractMonths) }
      : { percent: String(a.percent), durationMonths: a.durationMonths }),
  }));
}

/** The deal as a merchant's rates version effective `today` (deal_reference set). */
export function dealRatesRow(row: DealRow, merchantId: string, today: string, createdBy: string, now: Date) {
  return {
    merchantId,
    domesticPercent: row.domesticPercent,
    eeaPercent: row.eeaPercent,
    globalPercent: row.globalPercent,
    amexPercent: row.amexPercent,
    otherPercent: row.otherPercent,
    tapToPayPercent: row.tapToPayPercent,
    fixedFee: row.fixedFee,
    deviceRentalMonthly: row.deviceRentalMonthly,
    currency: row.currency,
    settlementType: row.settlementType,
    contractEndDate: contractEndDate(today, row.contractMonths),
    dealReference: row.reference,
    effectiveFrom: today,
    createdBy,
    createdAt: now,
    updatedAt: now,
  };
}

interface RequestInfo {
  ip: string;
  requestId: string;
  userAgent: string | null;
}

export function createDealsService(deps: { tenantDb: TenantDb; clock: Clock }) {
  const { tenantDb, clock } = deps;

  /** A merchant-less audit entry (a deal has no merchant yet), in the change's own transaction. */
  const audit = (
    tx: Tx,
    actor: Actor,
    request: RequestInfo,
    event: { action: AuditAction; entityId: string; before?: unknown; after?: unknown },
  ) =>
    auditRepository.insert(tx, {
      merchantId: null,
      actorUserId: actor.userId,
      actorEmail: actor.email,
      actingAs: 'staff',
      action: event.action,
      entityType: 'deal',
      entityId: event.entityId,
      before: event.before ?? null,
      after: event.after ?? null,
      ip: request.ip,
      userAgent: request.userAgent,
      requestId: request.requestId,
      at: clock.now(),
    });

  const validUntilNotPast = (validUntil: string) => {
    if (validUntil < utcDate(clock.now()))
      throw badRequest('The request is not valid', [detail('validUntil', 'validation.dealValidUntilPast')]);
  };

  return {
    async list() {
      const today = utcDate(clock.now());
      const rows = await tenantDb.withoutMerchant((tx) => repo.list(tx, DEALS_LIST_LIMIT));
      return rows.map((row) => staffView(row, today));
    },

    async create(actor: Actor, body: DealBody, request: RequestInfo) {
      validUntilNotPast(body.validUntil);
      const now = clock.now();
      const adjustments: DealAdjustment[] = [
        ...body.monthlyFees.map((f) => ({ kind: 'monthly-fee' as const, ...f })),
        ...body.discounts.map((d) => ({ kind: 'discount' as const, ...d })),
      ];
      return tenantDb.withoutMerchant(async (tx) => {
        for (let attempt = 0; attempt < 8; attempt += 1) {
          const reference = `DL-${Array.from({ length: 5 }, () => DEAL_REFERENCE_ALPHABET[randomInt(DEAL_REFERENCE_ALPHABET.length)]).join('')}`;
          const row = await repo.insert(tx, {
            reference,
            name: body.name,
            currency: body.currency,
            domesticPercent: String(body.domesticPercent),
            eeaPercent: String(body.eeaPercent),
            globalPercent: String(body.globalPercent),
            amexPercent: String(body.amexPercent),
            otherPercent: String(body.otherPercent),
            tapToPayPercent: String(body.tapToPayPercent),
            fixedFee: body.fixedFee,
            deviceRentalMonthly: body.deviceRentalMonthly,
            settlementType: body.settlementType,
            contractMonths: body.contractMonths,
            adjustments,
            validUntil: body.validUntil,
            createdBy: actor.userId,
            updatedBy: actor.userId,
            createdAt: now,
            updatedAt: now,
          });
          if (!row) continue; // the reference was taken: draw another
          const view = staffView(row, utcDate(now));
          await audit(tx, actor, request, { action: 'deal.create', entityId: row.id, after: view });
          return view;
        }
        throw new Error('deals: no free reference after 8 draws');
      });
    },

    /** Withdraw (no new merchant can take it) or move its last valid day; a withdrawn deal stays withdrawn. */
    async update(actor: Actor, reference: string, body: DealUpdateBody, request: RequestInfo) {
      if (body.validUntil !== undefined) validUntilNotPast(body.validUntil);
      return tenantDb.withoutMerchant(async (tx) => {
        const before = await repo.byReference(tx, reference, true);
        if (!before) throw notFound('Deal not found');
        if (before.status === 'withdrawn')
          throw new AppError(409, 'DEAL_WITHDRAWN', translate('validation.dealWithdrawn', 'en-GB'));
        const now = clock.now();
        const after = await repo.update(tx, before.id, {
          ...(body.status ? { status: body.status } : {}),
          ...(body.validUntil ? { validUntil: body.validUntil } : {}),
          updatedBy: actor.userId,
          updatedAt: now,
        });
        await audit(tx, actor, request, {
          action: body.status === 'withdrawn' ? 'deal.withdraw' : 'deal.extend',
          entityId: before.id,
          before: { status: before.status, validUntil: before.validUntil },
          after: { status: after.status, validUntil: after.validUntil },
        });
        return staffView(after, utcDate(now));
      });
    },

    /** GET /v1/deals/{reference}: the pricing of a deal that can be taken today; 404 otherwise. */
    async pricing(reference: string) {
      const row = await tenantDb.withoutMerchant((tx) => usableDeal(tx, reference, clock.now()));
      if (!row) throw new AppError(404, 'DEAL_NOT_FOUND', translate('validation.dealNotFound', 'en-GB'));
      return dealPricing(row);
    },
  };
}

export type DealsService = ReturnType<typeof createDealsService>;
