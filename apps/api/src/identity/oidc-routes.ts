import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IdentityError, IDENTITY_MESSAGES as M } from './errors.ts';
import { type OidcClient, safeRedirect } from './oidc-client.ts';
import type { RateLimiter, RateLimitRule } from './rate-limiter.ts';
import { sessionResponse } from './schemas.ts';
import type { IdentityService } from './service.ts';

/**
 * Social sign-in under /api/identity/oidc. The browser is sent to `authorize`, comes back to `callback`,
 * which redirects to the portal's /signin with a one-time `social` code (or `social_error=1`); the portal
 * posts that code to `exchange` for the session. Failures are logged, never shown in detail (SPEC §8).
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
        return reply.redirect(await client.authorizationUrl(safeRedirect(request.query.redirect)));
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
      try {
        const identity = await client.handleCallback(request.query);
        const code = await service.signInWithProvider(identity);
        return reply.redirect(
          portal({ social: code, ...(identity.redirect ? { redirect: identity.redirect } : {}) }),
        );
      } catch (error) {
        request.log.warn({ err: error }, 'identity: social sign-in failed');
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
    async (request) => ({
      data: await service.exchangeSocialCode(request.body.code, {
        ip: request.ip,
        userAgent: request.headers['user-agent'],
      }),
    }),
  );
}
