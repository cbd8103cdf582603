import { holdsPermissions } from '@mp/domain/permissions';
import { useCurrentMerchant } from '../../lib/merchant/current-merchant.ts';
import { isStaffUser } from '../../lib/session/session-store.ts';
import { useSession } from '../../lib/session/use-session.ts';

/** What the signed-in user may do with devices at the current merchant (the API checks the same, every call). */
export function useDevicePermissions() {
  const user = useSession()?.user ?? null;
  const merchant = useCurrentMerchant();
  const actor = {
    isStaff: isStaffUser(user),
    permissions: merchant?.permissions ?? { companyScoped: [], siteScoped: [] },
  };
  return {
    /** PATCH …/devices/{deviceId} asks for Device:AssignDevice on the device's site. */
    rename: (siteId: string) =>
      merchant !== null && holdsPermissions(actor, ['Device:AssignDevice'], { kind: 'site', siteId }),
  };
}
