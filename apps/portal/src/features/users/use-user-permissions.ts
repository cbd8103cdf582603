import { holdsPermissions, type Permission } from '@mp/domain/permissions';
import { useCurrentMerchant } from '../../lib/merchant/current-merchant.ts';
import { isStaffUser } from '../../lib/session/session-store.ts';
import { useSession } from '../../lib/session/use-session.ts';

/** Whether the signed-in user holds `permission` company-wide at the current merchant (staff always do). */
export function useHolds() {
  const user = useSession()?.user ?? null;
  const merchant = useCurrentMerchant();
  return (permission: Permission) =>
    merchant !== null &&
    holdsPermissions({ isStaff: isStaffUser(user), permissions: merchant.permissions }, [permission], {
      kind: 'company',
    });
}
