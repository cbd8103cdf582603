import { holdsPermissions } from '@mp/domain/permissions';
import { useCurrentMerchant } from '../../lib/merchant/current-merchant.ts';
import { isStaffUser } from '../../lib/session/session-store.ts';
import { useSession } from '../../lib/session/use-session.ts';

/** What the signed-in user may do with transactions at the current merchant (the API checks the same). */
export function useTransactionPermissions() {
  const user = useSession()?.user ?? null;
  const merchant = useCurrentMerchant();
  const actor = {
    isStaff: isStaffUser(user),
    permissions: merchant?.permissions ?? { companyScoped: [], siteScoped: [] },
  };
  return {
    refund: (siteId: string) =>
      merchant !== null &&
      holdsPermissions(actor, ['Transaction:RefundTransaction'], { kind: 'site', siteId }),
  };
}
