import {
  EMPTY_PERMISSIONS,
  holdsPermissions,
  type MerchantPermissions,
  type Permission,
  type PermissionScope,
  permissionsFromRoles,
} from '@mp/domain/permissions';
import { notFound } from '../../plugins/errors.ts';
import type { MerchantRepository, MerchantRow } from './repository.ts';

/** Who is asking, as far as merchant access is concerned (a subset of request.actor). */
export interface AccessActor {
  userId: string;
  isStaff: boolean;
}

/** What an actor may do at one merchant. */
export interface MerchantAccess {
  merchant: MerchantRow;
  isStaff: boolean;
  /** Whether the actor is a member (staff may reach a merchant without being one). */
  isMember: boolean;
  /** Computed from the actor's roles (empty for staff who are not members: SPEC §4 staff override). */
  permissions: MerchantPermissions;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const merchantNotFound = () => notFound('Merchant not found');

/**
 * The tenancy gate every merchant-scoped service goes through (DESIGN §4): load the actor's membership and
 * permissions for the merchant in the path; a merchant the actor does not belong to is a 404 (never 403), and
 * so is a permission the actor lacks.
 */
export function createMerchantAccess(deps: {
  repository: Pick<MerchantRepository, 'findById' | 'membershipGrants'>;
}) {
  async function load(actor: AccessActor, merchantId: string): Promise<MerchantAccess> {
    if (!UUID.test(merchantId)) throw merchantNotFound();
    const [merchant, grants] = await Promise.all([
      deps.repository.findById(merchantId),
      deps.repository.membershipGrants(actor.userId, merchantId),
    ]);
    if (!merchant || (!grants && !actor.isStaff)) throw merchantNotFound();
    return {
      merchant,
      isStaff: actor.isStaff,
      isMember: Boolean(grants),
      permissions: grants ? permissionsFromRoles(grants) : EMPTY_PERMISSIONS,
    };
  }

  return {
    /** The actor's access to `merchantId`; 404 when they have none. */
    load,

    /**
     * The actor's access to `merchantId` when they hold every one of `required` in `scope` (staff always do);
     * 404 otherwise, so that a lacking permission reveals nothing either.
     */
    async require(
      actor: AccessActor,
      merchantId: string,
      required: readonly Permission[],
      scope: PermissionScope = { kind: 'company' },
    ): Promise<MerchantAccess> {
      const access = await load(actor, merchantId);
      if (!holdsPermissions(access, required, scope)) throw notFound();
      return access;
    },
  };
}

export type MerchantAccessService = ReturnType<typeof createMerchantAccess>;
