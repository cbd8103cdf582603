import { CHURN_NOTICE_DAYS } from '@mp/domain/constants';
import { EMPTY_PERMISSIONS, MERCHANT_GROUP } from '@mp/domain/permissions';
import { type KycDecisionBody, kycDecisionRefusal, kycStatusAfter } from '@mp/domain/schemas/onboarding';
import { accessRepository } from '../../access/access-repository.ts';
import { staffAccountConflict } from '../../access/account-rules.ts';
import { recordAudit } from '../../access/audit-writer.ts';
import { membershipsRepository } from '../../access/memberships-repository.ts';
import type { MerchantAccessContext } from '../../access/route-access.ts';
import type { TenantDb } from '../../access/tenant-db.ts';
import type { Clock } from '../../clock.ts';
import type { IdentityService } from '../../identity/service.ts';
import type { Actor } from '../../plugins/auth.ts';
import { AppError } from '../../plugins/errors.ts';
import { auditRepository } from '../audit/repository.ts';
import { merchantRepository } from '../merchants/repository.ts';
import { toMerchantView } from '../merchants/service.ts';
import { onboardingRepository } from '../onboarding/repository.ts';
import { ONBOARDING_ERRORS } from '../onboarding/service.ts';
import { closeInvitations } from '../users/invitations-service.ts';
import { type OverrideRow, staffRepository as repo } from './repository.ts';

/** How long a staff override lasts before the staff member must state a reason again. */
export const OVERRIDE_TTL_MINUTES = 60;
export const STAFF_SEARCH_LIMIT = 50;
const DAY_MS = 86_400_000;

function overrideView(row: OverrideRow) {
  return {
    overrideId: row.id,
    merchantId: row.merchantId,
    staff: { userId: row.staffUserId, email: row.staffEmail },
    reason: row.reason,
    startedAt: row.startedAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
  };
}

export function createStaffService(deps: {
  tenantDb: TenantDb;
  clock: Clock;
  identity: Pick<IdentityService, 'adminCreateUser'>;
}) {
  const { tenantDb, clock } = deps;
  const view = (access: MerchantAccessContext, row: Parameters<typeof toMerchantView>[0]) =>
    toMerchantView(row, access.isMember ? access.permissions : EMPTY_PERMISSIONS);

  return {
    /**
     * Staff search across every merchant: the one request-path read across merchants, through a narrow
     * security-definer function (docs/decisions/0030), recorded (who searched for what, from where) in the same
     * transaction as a merchant-less audit entry.
     */
    async search(
      actor: Actor,
      name: string,
      request: { ip: string; requestId: string; userAgent: string | null },
    ) {
      return tenantDb.withoutMerchant(async (tx) => {
        const rows = await repo.search(tx, name, STAFF_SEARCH_LIMIT);
        await auditRepository.insert(tx, {
          merchantId: null,
          actorUserId: actor.userId,
          actorEmail: actor.email,
          actingAs: 'staff',
          action: 'staff.search',
          entityType: 'merchant',
          after: { name, results: rows.length },
          ip: request.ip,
          userAgent: request.userAgent,
          requestId: request.requestId,
          at: clock.now(),
        });
        return rows.map((row) => toMerchantView(row, EMPTY_PERMISSIONS));
      });
    },

    async currentOverride(access: MerchantAccessContext) {
      if (!access.override) return null;
      return tenantDb.forMerchant(access.merchantId, async (tx) => {
        const row = await accessRepository.liveOverride(
          tx,
          access.merchantId,
          access.actor.userId,
          clock.now(),
        );
        return row ? overrideView(row) : null;
      });
    },

    /** Starts (or restarts) the staff member's override into the merchant, with a reason and an expiry. */
    async startOverride(access: MerchantAccessContext, reason: string) {
      return tenantDb.forMerchant(access.merchantId, async (tx) => {
        const now = clock.now();
        const ended = await repo.endLiveOverrides(tx, access.merchantId, access.actor.userId, now);
        const row = await repo.insertOverride(tx, {
          merchantId: access.merchantId,
          staffUserId: access.actor.userId,
          staffEmail: access.actor.email,
          reason,
          startedAt: now,
          expiresAt: new Date(now.getTime() + OVERRIDE_TTL_MINUTES * 60_000),
        });
        await recordAudit(
          tx,
          { ...access, override: { id: row.id, reason, expiresAt: row.expiresAt } },
          clock,
          {
            action: 'override.start',
            entityType: 'override',
            entityId: row.id,
            before: ended.length > 0 ? { endedOverrideIds: ended.map((o) => o.id) } : null,
            after: overrideView(row),
          },
        );
        return overrideView(row);
      });
    },

    async endOverride(access: MerchantAccessContext): Promise<void> {
      await tenantDb.forMerchant(access.merchantId, async (tx) => {
        const ended = await repo.endLiveOverrides(tx, access.merchantId, access.actor.userId, clock.now());
        for (const row of ended) {
          await recordAudit(
            tx,
            { ...access, override: { id: row.id, reason: row.reason, expiresAt: row.expiresAt } },
            clock,
            {
              action: 'override.end',
              entityType: 'override',
              entityId: row.id,
            },
          );
        }
      });
    },

    /**
     * Transfer (docs/decisions: staff powers): the user with `email` (an account is created with a temporary
     * password when there is none) becomes the CompanyOwner; the previous company owners are removed from the
     * merchant, since a transfer hands the business to someone else, and every open invitation of the merchant is
     * closed (decision 0132). Never to a staff account (409, DESIGN §4).
     */
    async transfer(access: MerchantAccessContext, email: string) {
      const address = email.trim().toLowerCase();
      const existing = await tenantDb.forMerchant(access.merchantId, (tx) => repo.userByEmail(tx, address));
      if (existing?.staff) throw staffAccountConflict();
      const newOwnerId =
        existing?.id ??
        (
          await deps.identity.adminCreateUser({
            email: address,
            firstName: '',
            lastName: '',
            groups: [MERCHANT_GROUP],
          })
        ).uuid;
      const merchant = await tenantDb.forMerchant(access.merchantId, async (tx) => {
        const now = clock.now();
        const row = await merchantRepository.lockMerchant(tx, access.merchantId);
        const previous = await membershipsRepository.lockOwners(tx, access.merchantId);
        await repo.makeOwner(tx, access.merchantId, newOwnerId, access.actor.userId, now);
        const removed = previous.filter((id) => id !== newOwnerId);
        for (const userId of removed)
          await membershipsRepository.deleteMembership(tx, access.merchantId, userId);
        // Decision 0132: every open invitation closes (staff's too): the new owner decides who joins.
        await closeInvitations(tx, access, clock);
        await recordAudit(tx, access, clock, {
          action: 'merchant.transfer',
          entityType: 'merchant',
          entityId: access.merchantId,
          before: { owners: previous },
          after: { owners: [newOwnerId], email: address, newAccount: !existing, removedOwners: removed },
        });
        return row ?? access.merchant;
      });
      return view(access, merchant);
    },

    /** SPEC §9: churn takes effect after 30 days rolling plus an optional delay in days. */
    async churn(access: MerchantAccessContext, input: { delayDays: number; reason?: string | undefined }) {
      const merchant = await tenantDb.forMerchant(access.merchantId, async (tx) => {
        const before = await merchantRepository.lockMerchant(tx, access.merchantId);
        if (before?.status === 'churned')
          throw new AppError(409, 'ALREADY_CHURNED', 'This company has already churned.');
        const now = clock.now();
        const effective = new Date(now.getTime() + (CHURN_NOTICE_DAYS + input.delayDays) * DAY_MS);
        const after = await merchantRepository.updateMerchant(tx, access.merchantId, {
          churnRequestedAt: now,
          churnDelayDays: input.delayDays,
          churnEffectiveAt: effective,
          churnReason: input.reason ?? null,
          churnedBy: access.actor.userId,
          updatedAt: now,
        });
        await recordAudit(tx, access, clock, {
          action: 'merchant.churn',
          entityType: 'merchant',
          entityId: access.merchantId,
          before: { churnEffectiveAt: before?.churnEffectiveAt?.toISOString() ?? null },
          after: {
            churnEffectiveAt: effective.toISOString(),
            delayDays: input.delayDays,
            reason: input.reason ?? null,
          },
        });
        return after ?? access.merchant;
      });
      return {
        merchant: view(access, merchant),
        churnEffectiveAt: merchant.churnEffectiveAt?.toISOString() ?? null,
      };
    },

    /**
     * The production path of onboarding's verification (decision 0137): staff record the outcome of their
     * checks, setting the status exactly as a hosted link's completion does (`kycStatusAfter`). Under the
     * merchant's row lock, which a link's completion takes first too: every open link is closed in the same
     * transaction, so neither an old link nor one completed at the same moment can overwrite the decision.
     */
    async recordKycDecision(access: MerchantAccessContext, input: KycDecisionBody) {
      const merchant = await tenantDb.forMerchant(access.merchantId, async (tx) => {
        const before = await merchantRepository.lockMerchant(tx, access.merchantId);
        const previous = before?.kycOnboardingStatus ?? access.merchant.kycOnboardingStatus;
        const refusal = kycDecisionRefusal(previous, input.outcome);
        if (refusal === 'KYC_ALREADY_VERIFIED') throw ONBOARDING_ERRORS.alreadyVerified();
        if (refusal === 'KYC_ALREADY_REJECTED') throw ONBOARDING_ERRORS.alreadyRejected();
        const now = clock.now();
        const status = kycStatusAfter(input.outcome);
        const closedLinks = await onboardingRepository.closeOpenKycSessions(
          tx,
          access.merchantId,
          'closed-by-staff',
          now,
        );
        const after = await merchantRepository.updateMerchant(tx, access.merchantId, {
          kycOnboardingStatus: status,
          updatedAt: now,
        });
        await recordAudit(tx, access, clock, {
          action: 'merchant.kyc-decision',
          entityType: 'merchant',
          entityId: access.merchantId,
          before: { kycOnboardingStatus: previous },
          after: { kycOnboardingStatus: status, outcome: input.outcome, reason: input.reason, closedLinks },
        });
        return after ?? access.merchant;
      });
      return view(access, merchant);
    },

    async setBlocked(access: MerchantAccessContext, blocked: boolean, reason: string | null) {
      const merchant = await tenantDb.forMerchant(access.merchantId, async (tx) => {
        const before = await merchantRepository.lockMerchant(tx, access.merchantId);
        const now = clock.now();
        const after = await merchantRepository.updateMerchant(tx, access.merchantId, {
          blocked,
          blockedAt: blocked ? now : null,
          blockedReason: blocked ? reason : null,
          blockedBy: blocked ? access.actor.userId : null,
          updatedAt: now,
        });
        await recordAudit(tx, access, clock, {
          action: blocked ? 'merchant.block' : 'merchant.unblock',
          entityType: 'merchant',
          entityId: access.merchantId,
          before: { blocked: before?.blocked ?? false, reason: before?.blockedReason ?? null },
          after: { blocked, reason },
        });
        return after ?? access.merchant;
      });
      return view(access, merchant);
    },
  };
}

export type StaffService = ReturnType<typeof createStaffService>;
