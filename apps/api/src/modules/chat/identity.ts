import { createHmac, randomBytes } from 'node:crypto';

/**
 * The customer-chat identity (issue 14 §4, SPEC §3 "the chat identity call returns userHash"): HMAC-SHA256 of the
 * user's id with a server secret, hex-encoded, which is what Intercom's identity verification expects of `user_hash`.
 * Without a configured secret (no Intercom: the built-in help panel) a random secret per process is used, so the
 * hash is still a real HMAC nobody outside the server can forge; it only changes when the API restarts.
 */
export interface ChatIdentity {
  provider: 'intercom' | 'embedded';
  appId: string | null;
  userId: string;
  userHash: string;
}

export function createChatIdentity(options: {
  intercomAppId: string | undefined;
  secret: string | undefined;
}) {
  const secret = options.secret ?? randomBytes(32).toString('hex');
  return {
    forUser(userId: string): ChatIdentity {
      return {
        provider: options.intercomAppId ? 'intercom' : 'embedded',
        appId: options.intercomAppId ?? null,
        userId,
        userHash: createHmac('sha256', secret).update(userId).digest('hex'),
      };
    },
  };
}
export type ChatIdentityService = ReturnType<typeof createChatIdentity>;
