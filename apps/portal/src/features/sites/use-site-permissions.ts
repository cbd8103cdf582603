import { holdsPermissions } from '@mp/domain/permissions';
import { useCurrentMerchant } from '../../lib/merchant/current-merchant.ts';
import { isStaffUser } from '../../lib/session/session-store.ts';
import { useSession } from '../../lib/session/use-session.ts';

/** What the signed-in user may do with sites at the current merchant (the API checks the same, every call). */
export function useSitePermissions() {
  const user = useSession()?.user ?? null;
  const merchant = useCurrentMerchant();
  const actor = {
    isStaff: isStaffUser(user),
    permissions: merchant?.permissions ?? { companyScoped: [], siteScoped: [] },
  };
  return {
    staff: actor.isStaff,
    create: merchant !== null && holdsPermissions(actor, ['Site:CreateSite'], { kind: 'company' }),
    update: (siteId: string) =>
      merchant !== null && holdsPermissions(actor, ['Site:UpdateSite'], { kind: 'site', siteId }),
  };
}
