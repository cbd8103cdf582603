import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, requireActor } from '../plugins/auth.ts';
import { detailsFromZodError, errorBodySchema } from '../plugins/errors.ts';
import { IdentityError, IDENTITY_MESSAGES as M } from './errors.ts';
import type { RateLimiter, RateLimitRule } from './rate-limiter.ts';
import {
  activityResponse,
  changePasswordBody,
  confirmForgotPasswordBody,
  confirmSignUpBody,
  deliveryResponse,
  emailOnlyBody,
  endOtherSessionsResponse,
  factorsResponse,
  newPasswordBody,
  okResponse,
  recoveryCodesResponse,
  refreshTokenBody,
  removeTotpBody,
  secondFactorBody,
  sessionIdParams,
  sessionResponse,
  sessionsResponse,
  signInBody,
  signInResponse,
  signUpBody,
  signUpResponse,
  totpConfirmBody,
  totpSetupResponse,
  updateUserBody,
  userResponse,
  verifySessionBody,
} from './schemas.ts';
import type { IdentityService } from './service.ts';

export interface IdentityRateLimits {
  /** Per client IP and endpoint. */
  perIp: RateLimitRule;
  /** Per e-mail address and endpoint (endpoints whose body names one). */
  perAccount: RateLimitRule;
}

export const DEFAULT_IDENTITY_RATE_LIMITS: IdentityRateLimits = {
  perIp: { limit: 100, windowMs: 60_000 },
  perAccount: { limit: 20, windowMs: 60_000 },
};

export interface IdentityRoutesOptions {
  service: IdentityService;
  limiter: RateLimiter;
  rateLimits: IdentityRateLimits;
}

const ok = { data: { ok: true as const } };

/** Every identity failure has the DESIGN §4 body; documented so the portal's generated client types it. */
const errorResponses = {
  400: errorBodySchema,
  401: errorBodySchema,
  409: errorBodySchema,
  429: errorBodySchema,
  500: errorBodySchema,
};

/** Thin handlers under /api/identity: rate limit, parse, one service call, shape the reply. */
export async function identityRoutes(app: FastifyInstance, options: IdentityRoutesOptions) {
  const { service, limiter, rateLimits } = options;
  const routes = app.withTypeProvider<ZodTypeProvider>();

  /** Per-IP and per-account limits, counted before validation so malformed floods are counted too. */
  function rateLimited(endpoint: string) {
    return async (request: FastifyRequest) => {
      await limiter.hit(`ip:${endpoint}:${request.ip}`, rateLimits.perIp);
      const email = (request.body as { email?: unknown } | undefined)?.email;
      if (typeof email === 'string' && email.length <= 320)
        await limiter.hit(`account:${endpoint}:${email.trim().toLowerCase()}`, rateLimits.perAccount);
    };
  }
  const tags = ['identity'];
  /** Where the request came from, stored with the session a sign-in opens (issue 15: the sessions list). */
  const client = (request: FastifyRequest) => ({ ip: request.ip, userAgent: request.headers['user-agent'] });

  routes.post(
    '/sign-in',
    {
      preValidation: rateLimited('sign-in'),
      schema: {
        security: [],
        operationId: 'signIn',
        tags,
        body: signInBody,
        response: { 200: signInResponse, ...errorResponses },
      },
    },
    async (request) => {
      const result = await service.signIn(request.body, client(request));
      if (result.kind === 'signed-in') return { data: result.session };
      return result.challenge === 'CONFIRM_SIGN_UP'
        ? { data: { challenge: result.challenge } }
        : { data: { challenge: result.challenge, session: result.session } };
    },
  );

  // Issue 15: the second step of a sign-in with a second factor (TOTP or recovery code).
  routes.post(
    '/sign-in/second-factor',
    {
      preValidation: rateLimited('sign-in'),
      schema: {
        security: [],
        operationId: 'signInSecondFactor',
        tags,
        body: secondFactorBody,
        response: { 200: sessionResponse, ...errorResponses },
      },
    },
    async (request) => ({ data: await service.verifySecondFactor(request.body, client(request)) }),
  );

  const factorActor = (request: FastifyRequest) => ({
    userId: actorOf(request).userId,
    sessionId: actorOf(request).sessionId,
    secondFactor: actorOf(request).secondFactor,
    ip: request.ip,
    userAgent: request.headers['user-agent'],
  });

  routes.get(
    '/factors',
    {
      // Signed-in first, then the body: an anonymous caller learns nothing about the input rules.
      preValidation: [rateLimited('factors'), requireActor],
      schema: { operationId: 'getFactors', tags, response: { 200: factorsResponse, ...errorResponses } },
    },
    async (request) => ({ data: await service.factors(actorOf(request).userId) }),
  );

  routes.post(
    '/factors/totp',
    {
      // Signed-in first, then the body: an anonymous caller learns nothing about the input rules.
      preValidation: [rateLimited('factors'), requireActor],
      schema: {
        operationId: 'startTotpSetup',
        summary:
          'Set-up step 1: a new secret, its otpauth URI and QR code. A user who has a second factor needs a ' +
          'session that passed one (403 SECOND_FACTOR_REQUIRED), here and in step 2',
        tags,
        response: { 200: totpSetupResponse, ...errorResponses, 403: errorBodySchema },
      },
    },
    async (request) => ({ data: await service.startTotpSetup(factorActor(request)) }),
  );

  routes.post(
    '/factors/totp/confirm',
    {
      // Signed-in first, then the body: an anonymous caller learns nothing about the input rules.
      preValidation: [rateLimited('factors'), requireActor],
      schema: {
        operationId: 'confirmTotpSetup',
        tags,
        body: totpConfirmBody,
        response: { 200: recoveryCodesResponse, ...errorResponses, 403: errorBodySchema },
      },
    },
    async (request) => ({ data: await service.confirmTotpSetup(factorActor(request), request.body.code) }),
  );

  routes.post(
    '/factors/verify-session',
    {
      // Signed-in first, then the body: an anonymous caller learns nothing about the input rules.
      preValidation: [rateLimited('factors'), requireActor],
      schema: {
        operationId: 'verifySessionSecondFactor',
        summary:
          'Step-up: the signed-in session proves a second factor (TOTP or recovery code); refresh the tokens ' +
          'afterwards to get an access token with amr mfa',
        tags,
        body: verifySessionBody,
        response: { 200: okResponse, ...errorResponses },
      },
    },
    async (request) => {
      await service.verifySession(factorActor(request), request.body.code);
      return ok;
    },
  );

  routes.post(
    '/factors/totp/remove',
    {
      // Signed-in first, then the body: an anonymous caller learns nothing about the input rules.
      preValidation: [rateLimited('factors'), requireActor],
      schema: {
        operationId: 'removeTotp',
        tags,
        body: removeTotpBody,
        response: { 200: okResponse, ...errorResponses },
      },
    },
    async (request) => {
      await service.removeTotp(factorActor(request), request.body);
      return ok;
    },
  );

  // Issue 15: the signed-in user's own sessions (refresh-token families); another user's id is 404.
  routes.get(
    '/sessions',
    {
      preValidation: [rateLimited('sessions'), requireActor],
      schema: {
        operationId: 'listSessions',
        summary: "The caller's open sessions, most recently seen first; `current` marks the calling one",
        tags,
        response: { 200: sessionsResponse, ...errorResponses },
      },
    },
    async (request) => ({ data: await service.listSessions(factorActor(request)) }),
  );

  // The caller's own security activity: password, sign-in factors and ended sessions, from the audit log.
  routes.get(
    '/activity',
    {
      preValidation: [rateLimited('sessions'), requireActor],
      schema: {
        operationId: 'listSecurityActivity',
        summary:
          "The caller's latest 50 security events (password changed or reset, passkeys and authenticator added or " +
          'removed, sessions ended), newest first, with the browser and IP each came from',
        tags,
        response: { 200: activityResponse, ...errorResponses },
      },
    },
    async (request) => ({ data: await service.listActivity(actorOf(request)) }),
  );

  routes.post(
    '/sessions/end-others',
    {
      preValidation: [rateLimited('sessions'), requireActor],
      schema: {
        operationId: 'endOtherSessions',
        summary: 'Ends every session of the caller but the calling one',
        tags,
        response: { 200: endOtherSessionsResponse, ...errorResponses },
      },
    },
    async (request) => ({ data: await service.endOtherSessions(factorActor(request)) }),
  );

  routes.delete(
    '/sessions/:id',
    {
      // Signed-in first, then the id: an anonymous caller learns nothing about the input rules.
      preValidation: [rateLimited('sessions'), requireActor],
      schema: {
        operationId: 'endSession',
        summary:
          "Ends one of the caller's sessions: its refresh tokens are revoked and its access tokens refused " +
          'within SESSION_CHECK_CACHE_SECONDS',
        tags,
        params: sessionIdParams,
        response: { 200: okResponse, 404: errorBodySchema, ...errorResponses },
      },
    },
    async (request) => {
      await service.endSession(factorActor(request), request.params.id);
      return ok;
    },
  );

  routes.post(
    '/refresh',
    {
      preValidation: rateLimited('refresh'),
      schema: {
        security: [],
        operationId: 'refreshSession',
        tags,
        body: refreshTokenBody,
        response: { 200: sessionResponse, ...errorResponses },
      },
    },
    async (request) => ({ data: await service.refresh(request.body.refreshToken, client(request)) }),
  );

  routes.post(
    '/sign-out',
    {
      preValidation: rateLimited('sign-out'),
      schema: {
        security: [],
        operationId: 'signOut',
        tags,
        body: refreshTokenBody,
        response: { 200: okResponse, ...errorResponses },
      },
    },
    async (request) => {
      await service.signOut(request.body.refreshToken);
      return ok;
    },
  );

  routes.get(
    '/me',
    {
      preValidation: rateLimited('me'),
      preHandler: requireActor,
      schema: { operationId: 'getUser', tags, response: { 200: userResponse, ...errorResponses } },
    },
    async (request) => ({
      data: await service.getUser(actorOf(request).userId, actorOf(request).secondFactor),
    }),
  );

  routes.patch(
    '/me',
    {
      preValidation: rateLimited('me'),
      preHandler: requireActor,
      schema: {
        operationId: 'updateUser',
        tags,
        body: updateUserBody,
        response: { 200: userResponse, ...errorResponses },
      },
    },
    async (request) => ({
      data: await service.updateUser(actorOf(request).userId, request.body, actorOf(request).secondFactor),
    }),
  );

  routes.post(
    '/change-password',
    {
      preValidation: rateLimited('change-password'),
      preHandler: requireActor,
      schema: {
        operationId: 'changePassword',
        tags,
        body: changePasswordBody,
        response: { 200: okResponse, ...errorResponses },
      },
    },
    async (request) => {
      await service.changePassword(factorActor(request), request.body);
      return ok;
    },
  );

  routes.post(
    '/sign-up',
    {
      preValidation: rateLimited('sign-up'),
      // SPEC §8: any invalid parameter answers "Invalid email, phone or password" (with the field details).
      attachValidation: true,
      schema: {
        security: [],
        operationId: 'signUp',
        tags,
        body: signUpBody,
        response: { 201: signUpResponse, ...errorResponses },
      },
    },
    async (request, reply) => {
      if (request.validationError) {
        const parsed = signUpBody.safeParse(request.body);
        throw new IdentityError(400, 'INVALID_PARAMETERS', M.invalidSignUpParameters, {
          details: parsed.success ? [] : detailsFromZodError(parsed.error),
        });
      }
      const body = request.body;
      const result = await service.signUp({
        email: body.email,
        password: body.password,
        phoneNumber: body.phone_number,
        customUserId: body.userId,
        locale: body.locale,
      });
      return reply.code(201).send({ data: result });
    },
  );

  routes.post(
    '/confirm-sign-up',
    {
      preValidation: rateLimited('confirm-sign-up'),
      schema: {
        security: [],
        operationId: 'confirmSignUp',
        tags,
        body: confirmSignUpBody,
        response: { 200: okResponse, ...errorResponses },
      },
    },
    async (request) => {
      await service.confirmSignUp(request.body);
      return ok;
    },
  );

  routes.post(
    '/resend-code',
    {
      preValidation: rateLimited('resend-code'),
      schema: {
        security: [],
        operationId: 'resendConfirmationCode',
        tags,
        body: emailOnlyBody,
        response: { 200: deliveryResponse, ...errorResponses },
      },
    },
    async (request) => ({ data: await service.resendCode(request.body) }),
  );

  routes.post(
    '/new-password',
    {
      preValidation: rateLimited('new-password'),
      schema: {
        security: [],
        operationId: 'completeNewPassword',
        tags,
        body: newPasswordBody,
        response: { 200: sessionResponse, ...errorResponses },
      },
    },
    async (request) => ({ data: await service.completeNewPassword(request.body, client(request)) }),
  );

  routes.post(
    '/forgot-password',
    {
      preValidation: rateLimited('forgot-password'),
      schema: {
        security: [],
        operationId: 'forgotPassword',
        tags,
        body: emailOnlyBody,
        response: { 200: deliveryResponse, ...errorResponses },
      },
    },
    async (request) => ({ data: await service.forgotPassword(request.body) }),
  );

  routes.post(
    '/confirm-forgot-password',
    {
      preValidation: rateLimited('confirm-forgot-password'),
      schema: {
        security: [],
        operationId: 'confirmForgotPassword',
        tags,
        body: confirmForgotPasswordBody,
        response: { 200: okResponse, ...errorResponses },
      },
    },
    async (request) => {
      await service.confirmForgotPassword(request.body, client(request));
      return ok;
    },
  );
}

/** JWKS, outside /api/identity so any verifier finds it at the usual place. */
export async function wellKnownRoutes(app: FastifyInstance, options: { jwks: () => { keys: object[] } }) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/.well-known/jwks.json',
    {
      schema: {
        security: [],
        operationId: 'getJwks',
        tags: ['identity'],
        response: { 200: z.object({ keys: z.array(z.record(z.string(), z.unknown())) }) },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return options.jwks() as { keys: Record<string, unknown>[] };
    },
  );
}
