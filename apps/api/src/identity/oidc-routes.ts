import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IdentityError, IDENTITY_MESSAGES as M } from './errors.ts';
import { type OidcClient, OidcError, safeRedirect } from './oidc-client.ts';
import type { RateLimiter, RateLimitRule } from './rate-limiter.ts';
import { sessionResponse } from './schemas.ts';
import { generateOpaqueToken } from './secrets.ts';
import { IDENTITY_POLICY, type IdentityService } from './service.ts';

/**
 * The cookie that binds a social sign-in to the browser that started it (login CSRF, decision 0011): a random
 * value set by `authorize`, required by `callback` (with the state stored for it) and by `exchange` (with the
 * one-time code issued for it), cleared by `exchange` or a failed callback. HttpOnly, SameSite=Lax (the provider
 * sends the browser back with a top-level GET), Secure over HTTPS, on the OIDC routes' path only.
 */
const BINDING_COOKIE = 'mp_oidc';
const AUTHORIZE_COOKIE_SECONDS = 10 * 60;
const BINDING_VALUE = /^[\w-]{16,200}$/;

/** The binding cookie's value in the request, when it has a well-formed one. */
function bindingOf(request: FastifyRequest): string | undefined {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at < 0 || part.slice(0, at).trim() !== BINDING_COOKIE) continue;
    const value = part.slice(at + 1).trim();
    return BINDING_VALUE.test(value) ? value : undefined;
  }
  return undefined;
}

/**
 * Social sign-in under /api/identity/oidc. The browser is sent to `authorize`, comes back to `callback`,
 * which redirects to the portal's /signin with a one-time `social` code (or `social_error=1`); the portal
 * posts that code to `exchange` for the session. Failures are logged, never shown in detail (SPEC §8). Each
 * step after the first needs the browser's binding cookie (`BINDING_COOKIE`).
 */
export async function oidcRoutes(
  app: FastifyInstance,
  options: {
    client: OidcClient | undefined;
    service: IdentityService;
    limiter: RateLimiter;
    perIp: RateLimitRule;
    portalUrl: string;
  },
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['identity'];
  const { client, service, limiter } = options;
  const portal = (query: Record<string, string>) => {
    const url = new URL('/signin', options.portalUrl);
    url.search = new URLSearchParams(query).toString();
    return url.toString();
  };
  const perIp = (endpoint: string) => async (request: { ip: string }) =>
    await limiter.hit(`ip:oidc-${endpoint}:${request.ip}`, options.perIp);
  const cookiePath = `${app.prefix}/oidc`;
  /** Sets the binding cookie (`value` for `seconds`), or clears it (no value). */
  const setBinding = (request: FastifyRequest, reply: FastifyReply, value?: string, seconds = 0) => {
    const attributes = [
      `${BINDING_COOKIE}=${value ?? ''}`,
      `Path=${cookiePath}`,
      `Max-Age=${value ? seconds : 0}`,
      'HttpOnly',
      'SameSite=Lax',
      ...(request.protocol === 'https' ? ['Secure'] : []),
    ];
    reply.header('set-cookie', attributes.join('; '));
  };

  routes.get(
    '/oidc',
    {
      schema: {
        security: [],
        operationId: 'getSocialSignIn',
        tags,
        response: { 200: z.object({ data: z.object({ enabled: z.boolean() }) }) },
      },
    },
    async () => ({ data: { enabled: client !== undefined } }),
  );

  routes.get(
    '/oidc/authorize',
    {
      preValidation: perIp('authorize'),
      schema: {
        security: [],
        operationId: 'startSocialSignIn',
        tags,
        querystring: z.object({ redirect: z.string().optional() }),
      },
    },
    async (request, reply) => {
      if (!client) throw new IdentityError(404, 'NOT_FOUND', M.socialSignInUnavailable);
      try {
        const binding = generateOpaqueToken();
        const url = await client.authorizationUrl(safeRedirect(request.query.redirect), binding);
        setBinding(request, reply, binding, AUTHORIZE_COOKIE_SECONDS);
        return reply.redirect(url);
      } catch (error) {
        request.log.warn({ err: error }, 'identity: social sign-in could not start');
        return reply.redirect(portal({ social_error: '1' }));
      }
    },
  );

  routes.get(
    '/oidc/callback',
    {
      preValidation: perIp('callback'),
      schema: {
        security: [],
        operationId: 'finishSocialSignIn',
        tags,
        querystring: z.object({
          code: z.string().max(2000).optional(),
          state: z.string().max(200).optional(),
          error: z.string().max(200).optional(),
        }),
      },
    },
    async (request, reply) => {
      if (!client) throw new IdentityError(404, 'NOT_FOUND', M.socialSignInUnavailable);
      const binding = bindingOf(request);
      try {
        // Without the cookie of the browser that started the flow, no pending authorization is found.
        if (!binding) throw new OidcError('callback from a browser that did not start the flow');
        const identity = await client.handleCallback(request.query, binding);
        const code = await service.signInWithProvider(identity, binding);
        // The cookie stays for the exchange of the one-time code, which is bound to it too.
        setBinding(request, reply, binding, IDENTITY_POLICY.socialExchangeTtlMs / 1000);
        return reply.redirect(
          portal({ social: code, ...(identity.redirect ? { redirect: identity.redirect } : {}) }),
        );
      } catch (error) {
        request.log.warn({ err: error }, 'identity: social sign-in failed');
        if (binding) setBinding(request, reply);
        return reply.redirect(portal({ social_error: '1' }));
      }
    },
  );

  routes.post(
    '/oidc/exchange',
    {
      preValidation: perIp('exchange'),
      schema: {
        security: [],
        operationId: 'exchangeSocialSignIn',
        tags,
        body: z.object({ code: z.string().min(1).max(200) }),
        response: { 200: sessionResponse },
      },
    },
    async (request, reply) => {
      const binding = bindingOf(request);
      // Used or not, the binding ends here: a code is exchanged once.
      if (binding) setBinding(request, reply);
      return {
        data: await service.exchangeSocialCode(request.body.code, binding, {
          ip: request.ip,
          userAgent: request.headers['user-agent'],
        }),
      };
    },
  );
}
