import type { FastifyBaseLogger } from 'fastify';
import { recordAudit } from '../../access/audit-writer.ts';
import type { MerchantAccessContext } from '../../access/route-access.ts';
import type { TenantDb, Tx } from '../../access/tenant-db.ts';
import type { Mailer } from '../../adapters/mail/mail-port.ts';
import type { Clock } from '../../clock.ts';
import { AppError, notFound } from '../../plugins/errors.ts';
import { merchantRepository } from '../merchants/repository.ts';
import { CAPTURED_STATUSES, calendarDate } from '../transactions/service.ts';
import { capitalDecisionEmail } from './emails.ts';
import {
  CAPITAL_MIN_VOLUME,
  CAPITAL_WINDOW_DAYS,
  type CapitalIneligibleReason,
  type CapitalOffer,
  decideCapitalOffer,
} from './offer.ts';
import { type CapitalRequestRow, capitalRepository as repo } from './repository.ts';
import type { CapitalDecisionBody, CapitalRequestBody } from './schemas.ts';

export interface CapitalRequestView {
  requestId: string;
  status: 'requested' | 'approved' | 'declined';
  currency: string;
  amount: number;
  fee: number;
  repaymentBasisPoints: number;
  volume90Days: number;
  requestedBy: string;
  requestedAt: string;
  decidedAt: string | null;
  declineReason: string | null;
}

export interface CapitalOfferView {
  currency: string;
  windowDays: number;
  /** First and last day of the window (YYYY-MM-DD, merchant's time zone). */
  from: string;
  to: string;
  volume: number;
  threshold: number;
  eligible: boolean;
  reason: CapitalIneligibleReason | null;
  offer: CapitalOffer | null;
  openRequest: CapitalRequestView | null;
  latestRequest: CapitalRequestView | null;
}

function toView(row: CapitalRequestRow): CapitalRequestView {
  return {
    requestId: row.id,
    status: row.status as CapitalRequestView['status'],
    currency: row.currency,
    amount: row.amount,
    fee: row.fee,
    repaymentBasisPoints: row.repaymentBasisPoints,
    volume90Days: row.volume90Days,
    requestedBy: row.requestedByEmail,
    requestedAt: row.createdAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
    declineReason: row.declineReason,
  };
}

function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

export interface CapitalServiceDeps {
  tenantDb: TenantDb;
  clock: Clock;
  mailer: Mailer;
  portalUrl: string;
  log: FastifyBaseLogger;
}

export function createCapitalService(deps: CapitalServiceDeps) {
  const { tenantDb, clock } = deps;

  async function computeOffer(
    tx: Tx,
    access: MerchantAccessContext,
    lock: boolean,
  ): Promise<CapitalOfferView> {
    const merchant =
      (lock ? await merchantRepository.lockMerchant(tx, access.merchantId) : undefined) ?? access.merchant;
    const today = calendarDate(clock.now(), merchant.timeZone);
    const from = addDays(today, -CAPITAL_WINDOW_DAYS);
    const to = addDays(today, -1);
    const volume = await repo.cardVolume(tx, {
      merchantId: access.merchantId,
      currency: merchant.currency,
      from,
      to,
      statuses: CAPTURED_STATUSES,
    });
    const decision = decideCapitalOffer({
      volume,
      merchantActive: merchant.status === 'active' && !merchant.blocked,
    });
    const open = await repo.openRequest(tx, access.merchantId);
    const [latest] = await repo.list(tx, access.merchantId, 1);
    return {
      currency: merchant.currency,
      windowDays: CAPITAL_WINDOW_DAYS,
      from,
      to,
      volume,
      threshold: CAPITAL_MIN_VOLUME,
      eligible: decision.eligible,
      reason: decision.eligible ? null : decision.reason,
      offer: decision.eligible ? decision.offer : null,
      openRequest: open ? toView(open) : null,
      latestRequest: latest ? toView(latest) : null,
    };
  }

  return {
    /** The offer as of today: eligibility, amount, fee and repayment share, plus any request still open. */
    async offer(access: MerchantAccessContext): Promise<CapitalOfferView> {
      return tenantDb.forMerchant(access.merchantId, (tx) => computeOffer(tx, access, false));
    },

    /**
     * Requests today's offer. The caller names the amount they were shown; the server recomputes the offer (under
     * the merchant's row lock, so two requests cannot both pass) and refuses when it changed, when there is no
     * offer, or when a request is already open. Audited with the offer's figures.
     */
    async request(access: MerchantAccessContext, body: CapitalRequestBody): Promise<CapitalRequestView> {
      return tenantDb.forMerchant(access.merchantId, async (tx) => {
        const current = await computeOffer(tx, access, true);
        if (current.openRequest)
          throw new AppError(409, 'CAPITAL_REQUEST_OPEN', 'A capital request is already being reviewed.');
        if (!current.offer)
          throw new AppError(
            409,
            'CAPITAL_NOT_ELIGIBLE',
            'There is no capital offer for this company today.',
          );
        if (current.offer.amount !== body.amount)
          throw new AppError(
            409,
            'CAPITAL_OFFER_CHANGED',
            'The capital offer has changed since it was shown. Please review the new offer.',
          );
        const row = await repo.insert(tx, {
          merchantId: access.merchantId,
          currency: current.currency,
          amount: current.offer.amount,
          fee: current.offer.fee,
          repaymentBasisPoints: current.offer.repaymentBasisPoints,
          volume90Days: current.volume,
          requestedBy: access.actor.userId,
          requestedByEmail: access.actor.email,
          createdAt: clock.now(),
          updatedAt: clock.now(),
        });
        const view = toView(row);
        await recordAudit(tx, access, clock, {
          action: 'capital.request',
          entityType: 'capital-request',
          entityId: row.id,
          after: view,
        });
        return view;
      });
    },

    /**
     * Staff approve or decline an open request (decision 0086): a decline carries the reason the owners are told.
     * Under the row's lock, so two staff members cannot both decide; audited with before and after; the company's
     * owners get an e-mail each in their language after the commit.
     */
    async decide(
      access: MerchantAccessContext,
      requestId: string,
      body: CapitalDecisionBody,
    ): Promise<CapitalRequestView> {
      const { view, owners } = await tenantDb.forMerchant(access.merchantId, async (tx) => {
        const current = await repo.byId(tx, access.merchantId, requestId);
        if (!current) throw notFound('Capital request not found');
        if (current.status !== 'requested')
          throw new AppError(
            409,
            'CAPITAL_REQUEST_DECIDED',
            'This capital request has already been decided.',
          );
        const row = await repo.decide(tx, access.merchantId, requestId, {
          status: body.decision === 'approve' ? 'approved' : 'declined',
          decidedAt: clock.now(),
          decidedBy: access.actor.userId,
          declineReason: body.decision === 'decline' ? (body.reason ?? null) : null,
        });
        const decided = toView(row);
        await recordAudit(tx, access, clock, {
          action: body.decision === 'approve' ? 'capital.approve' : 'capital.decline',
          entityType: 'capital-request',
          entityId: row.id,
          before: toView(current),
          after: decided,
        });
        return { view: decided, owners: await repo.owners(tx, access.merchantId) };
      });
      for (const owner of owners) {
        try {
          await deps.mailer.send(
            capitalDecisionEmail(owner.email, owner.locale, {
              companyName: access.merchant.legalEntityName,
              status: view.status as 'approved' | 'declined',
              amount: view.amount,
              fee: view.fee,
              currency: view.currency,
              declineReason: view.declineReason,
              portalUrl: deps.portalUrl,
            }),
          );
        } catch (error) {
          // The decision is the record; a lost e-mail must not undo it.
          deps.log.warn({ err: error, requestId }, 'capital: a decision e-mail could not be sent');
        }
      }
      return view;
    },

    /** Every request of the merchant, newest first (staff and the company's owners). */
    async list(access: MerchantAccessContext): Promise<CapitalRequestView[]> {
      return tenantDb.forMerchant(access.merchantId, async (tx) =>
        (await repo.list(tx, access.merchantId, 100)).map(toView),
      );
    },
  };
}

export type CapitalService = ReturnType<typeof createCapitalService>;
