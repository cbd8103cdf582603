import { merchantsQueryOptions } from '../../features/merchants/api/list-merchants.ts';
import { resolveMerchantContext } from '../../features/merchants/merchant-context.ts';
import { meQueryOptions } from '../../features/session/api/get-me.ts';
import { type SessionUser, sessionStore } from '../../lib/session/session-store.ts';
import { queryClient } from '../query-client.ts';
import type { EarlyRequests } from './guard-context.ts';

/**
 * The signed-in part of a guard context: the user as the API knows them and their merchants (SPEC §4).
 * Loaded only by routes that need merchants, so the public pages do not download TanStack Query.
 */
export async function loadSignedInContext(user: SessionUser, early?: EarlyRequests) {
  // Both at once (issue 16 §2), keyed by the stored user's id, which /identity/me confirms: both requests carry
  // the same access token, so the API answers both for the same person.
  const [me, stored] = await Promise.all([
    queryClient.ensureQueryData(
      early ? { ...meQueryOptions(user.id), queryFn: () => early.me } : meQueryOptions(user.id),
    ),
    queryClient.ensureQueryData(
      early
        ? { ...merchantsQueryOptions(user.id), queryFn: () => early.merchants }
        : merchantsQueryOptions(user.id),
    ),
  ]);
  if (JSON.stringify(me) !== JSON.stringify(user)) sessionStore.updateUser(me);
  const list = me.id === user.id ? stored : await queryClient.ensureQueryData(merchantsQueryOptions(me.id));
  return { user: me, ...resolveMerchantContext(list, me.id) };
}
