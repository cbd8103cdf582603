import { merchantsQueryOptions } from '../../features/merchants/api/list-merchants.ts';
import { resolveMerchantContext } from '../../features/merchants/merchant-context.ts';
import { meQueryOptions } from '../../features/session/api/get-me.ts';
import { type SessionUser, sessionStore } from '../../lib/session/session-store.ts';
import { queryClient } from '../query-client.ts';

/**
 * The signed-in part of a guard context: the user as the API knows them and their merchants (SPEC §4).
 * Loaded only by routes that need merchants, so the public pages do not download TanStack Query.
 */
export async function loadSignedInContext(user: SessionUser) {
  const me = await queryClient.ensureQueryData(meQueryOptions(user.id));
  if (JSON.stringify(me) !== JSON.stringify(user)) sessionStore.updateUser(me);
  const list = await queryClient.ensureQueryData(merchantsQueryOptions(me.id));
  return { user: me, ...resolveMerchantContext(list, me.id) };
}
