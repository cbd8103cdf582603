import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf, requireActor } from '../plugins/auth.ts';
import { errorBodySchema } from '../plugins/errors.ts';
import {
  passkeyParams,
  passkeyResponse,
  passkeySignInBody,
  passkeysResponse,
  registerPasskeyBody,
  removePasskeyBody,
  secondFactorPasskeyBody,
  secondFactorPasskeyOptionsBody,
  webauthnOptionsResponse,
} from './passkey-schemas.ts';
import type { PasskeyService } from './passkeys.ts';
import type { RateLimiter } from './rate-limiter.ts';
import type { IdentityRateLimits } from './routes.ts';
import { okResponse, sessionResponse } from './schemas.ts';

const errorResponses = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
  429: errorBodySchema,
  500: errorBodySchema,
};

/** The library's options JSON, as the loosely typed object the response schema documents. */
const asJson = (options: object) => options as Record<string, unknown>;

/** Issue 15: passkeys under /api/identity — set-up and removal (signed in), second factor, password-less sign-in. */
export async function passkeyRoutes(
  app: FastifyInstance,
  options: { service: PasskeyService; limiter: RateLimiter; rateLimits: IdentityRateLimits },
) {
  const { service, limiter, rateLimits } = options;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['identity'];

  function rateLimited(endpoint: string) {
    return async (request: FastifyRequest) => {
      await limiter.hit(`ip:${endpoint}:${request.ip}`, rateLimits.perIp);
      const email = (request.body as { email?: unknown } | undefined)?.email;
      if (typeof email === 'string' && email.length <= 320)
        await limiter.hit(`account:${endpoint}:${email.trim().toLowerCase()}`, rateLimits.perAccount);
    };
  }
  const factorActor = (request: FastifyRequest) => ({
    userId: actorOf(request).userId,
    sessionId: actorOf(request).sessionId,
    secondFactor: actorOf(request).secondFactor,
    ip: request.ip,
    userAgent: request.headers['user-agent'],
  });
  /** For the sessions list (device and place of each session). */
  const client = (request: FastifyRequest) => ({ ip: request.ip, userAgent: request.headers['user-agent'] });
  // Signed-in first, then the body: an anonymous caller learns nothing about the input rules.
  const signedIn = [rateLimited('factors'), requireActor];

  routes.get(
    '/factors/passkeys',
    {
      preValidation: signedIn,
      schema: {
        operationId: 'listPasskeys',
        summary: "The signed-in user's passkeys",
        tags,
        response: { 200: passkeysResponse, ...errorResponses },
      },
    },
    async (request) => ({ data: await service.list(actorOf(request).userId) }),
  );

  routes.post(
    '/factors/passkeys/options',
    {
      preValidation: signedIn,
      schema: {
        operationId: 'passkeyRegistrationOptions',
        summary:
          'Set-up step 1: creation options with a single-use challenge (5 minutes). A user who has a second ' +
          'factor needs a session that passed one (403 SECOND_FACTOR_REQUIRED)',
        tags,
        response: { 200: webauthnOptionsResponse, ...errorResponses },
      },
    },
    async (request) => ({ data: asJson(await service.registrationOptions(factorActor(request))) }),
  );

  routes.post(
    '/factors/passkeys',
    {
      preValidation: signedIn,
      schema: {
        operationId: 'registerPasskey',
        summary: 'Set-up step 2: the authenticator’s answer and a name; e-mailed and audited',
        tags,
        body: registerPasskeyBody,
        response: { 201: passkeyResponse, ...errorResponses },
      },
    },
    async (request, reply) => {
      const passkey = await service.register(factorActor(request), {
        name: request.body.name,
        response: request.body.response as unknown as RegistrationResponseJSON,
      });
      return reply.code(201).send({ data: passkey });
    },
  );

  routes.post(
    '/factors/passkeys/:passkeyId/remove',
    {
      preValidation: signedIn,
      schema: {
        operationId: 'removePasskey',
        summary: 'Removal needs the password (from a session that passed a second factor) or a current code',
        tags,
        params: passkeyParams,
        body: removePasskeyBody,
        response: { 200: okResponse, ...errorResponses },
      },
    },
    async (request) => {
      await service.remove(factorActor(request), request.params.passkeyId, request.body);
      return { data: { ok: true as const } };
    },
  );

  routes.post(
    '/sign-in/second-factor/passkey-options',
    {
      preValidation: rateLimited('sign-in'),
      schema: {
        security: [],
        operationId: 'secondFactorPasskeyOptions',
        summary: 'Sign-in step 2 with a passkey: request options for the user’s passkeys',
        tags,
        body: secondFactorPasskeyOptionsBody,
        response: { 200: webauthnOptionsResponse, ...errorResponses },
      },
    },
    async (request) => ({ data: asJson(await service.secondFactorOptions(request.body)) }),
  );

  routes.post(
    '/sign-in/second-factor/passkey',
    {
      preValidation: rateLimited('sign-in'),
      schema: {
        security: [],
        operationId: 'signInSecondFactorPasskey',
        summary: 'Sign-in step 2 with a passkey; a refused assertion counts towards the lock-out',
        tags,
        body: secondFactorPasskeyBody,
        response: { 200: sessionResponse, ...errorResponses },
      },
    },
    async (request) => ({
      data: await service.verifySecondFactor(
        { ...request.body, response: request.body.response as unknown as AuthenticationResponseJSON },
        client(request),
      ),
    }),
  );

  routes.post(
    '/sign-in/passkey-options',
    {
      preValidation: rateLimited('sign-in-passkey'),
      schema: {
        security: [],
        operationId: 'passkeySignInOptions',
        summary:
          'Password-less sign-in: request options (discoverable credentials, user verification required)',
        tags,
        response: { 200: webauthnOptionsResponse, ...errorResponses },
      },
    },
    async () => ({ data: asJson(await service.signInOptions()) }),
  );

  routes.post(
    '/sign-in/passkey',
    {
      preValidation: rateLimited('sign-in-passkey'),
      schema: {
        security: [],
        operationId: 'signInWithPasskey',
        summary: 'Password-less sign-in with a passkey; the session has passed a second factor (amr mfa)',
        tags,
        body: passkeySignInBody,
        response: { 200: sessionResponse, ...errorResponses },
      },
    },
    async (request) => ({
      data: await service.signIn(
        { response: request.body.response as unknown as AuthenticationResponseJSON },
        client(request),
      ),
    }),
  );
}
