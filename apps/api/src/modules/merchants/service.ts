import { KYC_ONBOARDING_STATUSES, type KycOnboardingStatus, type MerchantStatus } from '@mp/domain/enums';
import { type MerchantPermissions, permissionsFromRoles } from '@mp/domain/permissions';
import type { AccessActor, MerchantAccessService } from './access.ts';
import type { MerchantRepository, MerchantRow } from './repository.ts';

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
  permissions: MerchantPermissions;
}

/** A block hides the lifecycle status: the merchant shows as `blocked` until it is lifted. */
function statusOf(merchant: MerchantRow): MerchantStatus {
  return merchant.blocked ? 'blocked' : (merchant.status as MerchantStatus);
}

export function toMerchantView(merchant: MerchantRow, permissions: MerchantPermissions): MerchantView {
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
    permissions,
  };
}

export function createMerchantService(deps: {
  repository: Pick<MerchantRepository, 'findForMember' | 'grantsFor'>;
  access: Pick<MerchantAccessService, 'load'>;
}) {
  return {
    /**
     * The actor's merchants with the permissions their roles give (SPEC §3, DESIGN §4). Staff see their own
     * memberships here; other merchants they reach through staff search and override.
     */
    async listForActor(actor: AccessActor): Promise<MerchantView[]> {
      const merchants = await deps.repository.findForMember(actor.userId);
      const grants = await deps.repository.grantsFor(
        actor.userId,
        merchants.map((m) => m.id),
      );
      const byMerchant = new Map(grants.map((g) => [g.merchantId, g]));
      return merchants.map((merchant) => {
        const held = byMerchant.get(merchant.id);
        return toMerchantView(merchant, permissionsFromRoles(held ?? { companyRoles: [], siteRoles: [] }));
      });
    },

    /** One merchant; 404 unless the actor is a member or staff (staff without membership: no permissions). */
    async getForActor(actor: AccessActor, merchantId: string): Promise<MerchantView> {
      const access = await deps.access.load(actor, merchantId);
      return toMerchantView(access.merchant, access.permissions);
    },
  };
}

export type MerchantService = ReturnType<typeof createMerchantService>;
