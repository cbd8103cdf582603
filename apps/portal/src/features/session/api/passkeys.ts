import type { RequestBody, ResponseData } from '../../../lib/api/operations.ts';
import { apiRequest } from '../../../lib/api/request.ts';

// Issue 15: the passkey list and removal under /api/identity. The ceremonies' calls are in ../passkey-ceremonies.ts,
// which loads with @simplewebauthn/browser on demand (and without the signed-in screens that import this file).

export type Passkey = ResponseData<'listPasskeys'>[number];
export const passkeysQueryKey = ['identity', 'passkeys'] as const;
export const listPasskeys = (): Promise<Passkey[]> => apiRequest('GET', '/identity/factors/passkeys');

export const removePasskey = (
  passkeyId: string,
  input: RequestBody<'removePasskey'>,
): Promise<ResponseData<'removePasskey'>> =>
  apiRequest('POST', `/identity/factors/passkeys/${encodeURIComponent(passkeyId)}/remove`, input);
