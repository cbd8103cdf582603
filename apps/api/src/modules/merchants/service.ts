import { KYC_ONBOARDING_STATUSES, type KycOnboardingStatus, type MerchantStatus } from '@mp/domain/enums';
import { type MerchantPermissions, permissionsFromRoles } from '@mp/domain/permissions';
import type { MerchantAccessContext } from '../../access/route-access.ts';
import type { TenantDb } from '../../access/tenant-db.ts';
import { type MerchantRow, merchantRepository as repo } from './repository.ts';

/** The merchant as the API shows it (BRIEF contract for GET /api/merchants). */
export interface MerchantView {
  merchantId: string;
  legalEntityName: string;
  entityType: string;
  status: MerchantStatus;
  kycOnboardingStatus: KycOnboardingStatus;
  country: string;
  currency: string;
  timeZone: string;
  stripeCustomerId: string | null;
  requireTwoFactor: boolean;
  permissions: MerchantPermissions;
}

/** The columns a merchant view is made of (also what the staff search function returns). */
export type MerchantViewSource = Pick<
  MerchantRow,
  | 'id'
  | 'legalEntityName'
  | 'entityType'
  | 'status'
  | 'blocked'
  | 'kycOnboardingStatus'
  | 'country'
  | 'currency'
  | 'timeZone'
  | 'stripeCustomerId'
> & { requireTwoFactor?: boolean | null };

/** A block hides the lifecycle status: the merchant shows as `blocked` until it is lifted. */
function statusOf(merchant: MerchantViewSource): MerchantStatus {
  return merchant.blocked ? 'blocked' : (merchant.status as MerchantStatus);
}

export function toMerchantView(merchant: MerchantViewSource, permissions: MerchantPermissions): MerchantView {
  const kyc = merchant.kycOnboardingStatus as KycOnboardingStatus;
  return {
    merchantId: merchant.id,
    legalEntityName: merchant.legalEntityName,
    entityType: merchant.entityType,
    status: statusOf(merchant),
    kycOnboardingStatus: KYC_ONBOARDING_STATUSES.includes(kyc) ? kyc : 'pending',
    country: merchant.country,
    currency: merchant.currency,
    timeZone: merchant.timeZone,
    stripeCustomerId: merchant.stripeCustomerId,
    requireTwoFactor: merchant.requireTwoFactor ?? false,
    permissions,
  };
}

export function createMerchantService(deps: { tenantDb: TenantDb }) {
  return {
    /**
     * The actor's merchants with the permissions their roles give (SPEC §3, DESIGN §4), read as the actor
     * (`forUser`: row-level security shows only their own memberships). Staff see their own memberships here;
     * other merchants they reach through staff search and override.
     */
    async listForActor(actor: { userId: string }): Promise<MerchantView[]> {
      const rows = await deps.tenantDb.readForUser(actor.userId, (tx) =>
        repo.findForMember(tx, actor.userId),
      );
      return rows.map(({ merchant, grants }) => toMerchantView(merchant, permissionsFromRoles(grants)));
    },

    /** The merchant of a request the access check let through (staff without membership: no permissions). */
    viewOf(access: MerchantAccessContext): MerchantView {
      return toMerchantView(access.merchant, access.permissions);
    },
  };
}

export type MerchantService = ReturnType<typeof createMerchantService>;
