import { useQuery } from '@tanstack/react-query';
import type { ResponseData } from '../../../lib/api/operations.ts';
import { apiRequest } from '../../../lib/api/request.ts';
import { personName } from '../../../lib/format/person-name.ts';

/**
 * The merchant's users as `{ userId, label }` for the audit log's person filter. GET /v1/merchants/{id}/users
 * belongs to the users feature; features do not import each other, so this reads it under the same key.
 */
export function useMerchantUsers(merchantId: string, enabled: boolean) {
  const query = useQuery({
    queryKey: ['users', merchantId],
    queryFn: () =>
      apiRequest<ResponseData<'listMerchantUsers'>>(
        'GET',
        `/v1/merchants/${encodeURIComponent(merchantId)}/users`,
      ),
    enabled: enabled && merchantId !== '',
  });
  return (query.data ?? []).map((user) => ({
    userId: user.userId,
    label: personName(user),
  }));
}
