import { STAFF_GROUP } from '@mp/domain/permissions';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { IdentityError, IDENTITY_MESSAGES as M } from '../identity/errors.ts';
import type { SessionCheck } from '../identity/session-check.ts';
import { AccessTokenError, type TokenService } from '../identity/tokens.ts';

/** Who is calling (BRIEF contract): resolved from the bearer access token on every request. */
export interface Actor {
  /** users.id (uuid) */
  userId: string;
  /** SPEC §3 custom user id */
  customUserId: string;
  email: string;
  groups: string[];
  isStaff: boolean;
  /** The session (refresh-token family) the token belongs to. */
  sessionId: string;
  /** The session passed a second factor at sign-in (issue 15). */
  secondFactor: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Null when the request carries no valid bearer access token. */
    actor: Actor | null;
    /** Why `actor` is null although an Authorization header was sent. */
    authFailure: 'expired' | 'invalid' | 'ended' | null;
  }
}

/**
 * Access tokens are verified locally (signature, issuer, audience, type, expiry), so any instance can verify
 * them (DESIGN §1 identity). They live 15 minutes; ending a session (the sessions list, signing out, disabling
 * a user, a password reset) revokes its refresh tokens, and the session check (identity/session-check.ts,
 * cached per instance for SESSION_CHECK_CACHE_SECONDS) refuses its access tokens within that window (issue 15).
 */
async function authPlugin(
  app: FastifyInstance,
  options: { tokens: TokenService; sessionCheck?: SessionCheck | undefined },
) {
  app.decorateRequest('actor', null);
  app.decorateRequest('authFailure', null);
  app.addHook('onRequest', async (request) => {
    const header = request.headers.authorization;
    if (!header) return;
    const match = /^Bearer\s+([A-Za-z0-9_.-]+)\s*$/i.exec(header);
    if (!match?.[1]) {
      request.authFailure = 'invalid';
      return;
    }
    try {
      const claims = await options.tokens.verifyAccessToken(match[1]);
      if (
        options.sessionCheck &&
        !(await options.sessionCheck.isOpen(claims.sid, request.ip, request.headers['user-agent'] ?? null))
      ) {
        request.authFailure = 'ended';
        return;
      }
      request.actor = {
        userId: claims.sub,
        customUserId: claims.userId,
        email: claims.email,
        groups: claims.groups,
        isStaff: claims.groups.includes(STAFF_GROUP),
        sessionId: claims.sid,
        secondFactor: claims.mfa,
      };
    } catch (error) {
      // Only token faults make the request anonymous; a database fault of the session check is a 503 as usual.
      if (!(error instanceof AccessTokenError)) throw error;
      request.authFailure = error.reason;
    }
  });
}
// Same effect as fastify-plugin: the decorators and hook apply to the whole app, not a child context.
(authPlugin as unknown as Record<symbol, boolean>)[Symbol.for('skip-override')] = true;

export { authPlugin };

function unauthenticated(request: FastifyRequest): IdentityError {
  if (request.authFailure === 'expired') return new IdentityError(401, 'TOKEN_EXPIRED', M.sessionExpired);
  if (request.authFailure === 'invalid') return new IdentityError(401, 'INVALID_TOKEN', M.sessionExpired);
  if (request.authFailure === 'ended') return new IdentityError(401, 'SESSION_ENDED', M.sessionEnded);
  return new IdentityError(401, 'UNAUTHENTICATED', M.authenticationRequired);
}

/** preHandler for routes that need a signed-in user: `{ preHandler: requireActor }`. */
export async function requireActor(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  if (!request.actor) throw unauthenticated(request);
}

/**
 * `requireActor` as a callback hook: the same check without a promise and a microtask per request, for the
 * access plugin's `signed-in` routes (src/access/route-access.ts; docs/PERFORMANCE.md, session 15).
 */
export function requireActorHook(
  request: FastifyRequest,
  _reply: FastifyReply,
  done: (error?: IdentityError) => void,
): void {
  if (request.actor) done();
  else done(unauthenticated(request));
}

/** preHandler for staff-only routes; others get 404 (DESIGN §4: never reveal what is not theirs). */
export async function requireStaff(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  if (!request.actor) throw unauthenticated(request);
  if (!request.actor.isStaff) throw new IdentityError(404, 'NOT_FOUND', 'Not found');
}

/** The actor of a route guarded by requireActor (throws if the guard was forgotten). */
export function actorOf(request: FastifyRequest): Actor {
  if (!request.actor) throw unauthenticated(request);
  return request.actor;
}
