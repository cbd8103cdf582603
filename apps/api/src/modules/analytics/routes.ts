import { pathHoldsPersonalData } from '@mp/domain/analytics-path';
import { ERROR_REPORTING_SAMPLE_RATES } from '@mp/domain/constants';
import { LOCALES } from '@mp/domain/locales';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import type { RateLimiter, RateLimitRule } from '../../identity/rate-limiter.ts';
import { errorBodySchema } from '../../plugins/errors.ts';
import type { AnalyticsService } from './service.ts';

/**
 * A path as the browser shows it, without query or fragment (they may carry e-mail addresses or codes), and
 * without an e-mail address or card number in it.
 */
const pathSchema = z
  .string()
  .min(1)
  .max(512)
  .regex(/^\/[^?#\s]*$/, { message: 'must be a path starting with / without query or fragment' })
  .refine((path) => !pathHoldsPersonalData(path), {
    message: 'must not hold an e-mail address or a card number',
  });
/** SPEC §2.1 route labels (DESIGN §4: the route ids), kebab-case. */
const routeIdSchema = z
  .string()
  .regex(/^[a-z][a-z0-9-]{0,63}$/, { message: 'must be a route id (lowercase letters, digits and -)' });
const isoDateTime = z.iso.datetime({ offset: true, message: 'must be an ISO 8601 date and time' });

const eventSchema = z
  .object({
    type: z.enum(['page_view', 'page_leave'], { message: 'must be page_view or page_leave' }),
    path: pathSchema,
    routeId: routeIdSchema,
    occurredAt: isoDateTime,
    durationMs: z
      .number()
      .int({ message: 'must be a whole number' })
      .min(0, { message: 'must be 0 or more' })
      .max(86_400_000, { message: 'must be at most 86400000' })
      .optional()
      .describe('page_leave only: how long the page was shown'),
  })
  .strict();

export const analyticsBatchSchema = z
  .object({
    consentId: z
      .uuid({ message: 'must be a UUID' })
      .describe(
        "The consent cookie's id; the batch is stored only while that id's latest recorded choice accepts " +
          'analytics (docs/decisions/0082)',
      ),
    visitorId: z
      .uuid({ message: 'must be a UUID' })
      .describe('Random id the browser keeps after analytics consent; a new one after sign-out'),
    events: z
      .array(eventSchema)
      .min(1, { message: 'must hold at least 1 event' })
      .max(50, { message: 'must hold at most 50 events' }),
  })
  .strict()
  .meta({ id: 'AnalyticsBatch' });

const consentRecordSchema = z
  .object({
    consentId: z.uuid({ message: 'must be a UUID' }).describe("The consent cookie's random id"),
    categories: z
      .array(z.enum(['necessary', 'analytics'], { message: 'must be necessary or analytics' }))
      .min(1)
      .max(2)
      .refine((list) => list.includes('necessary'), { message: 'must include necessary' }),
    revision: z.number().int().min(0).max(1000).describe('Version of the dialog text the choice was made on'),
    locale: z.enum(LOCALES, { message: `must be one of ${LOCALES.join(', ')}` }),
    action: z.enum(['first', 'change'], { message: 'must be first or change' }),
    consentedAt: isoDateTime,
  })
  .strict()
  .meta({ id: 'ConsentRecord' });

const routeCountsSchema = z.object({
  data: z.object({
    from: z.string(),
    to: z.string(),
    days: z.number().int(),
    routes: z.array(
      z.object({
        routeId: z.string(),
        pageViews: z.number().int(),
        pageLeaves: z.number().int(),
        visitors: z.number().int(),
        users: z.number().int(),
      }),
    ),
  }),
});

const clientConfigSchema = z.object({
  data: z.object({
    analytics: z.object({
      provider: z.enum(['embedded', 'posthog']).describe('embedded: POST /api/analytics/events'),
      posthogKey: z.string().nullable(),
      posthogHost: z.string().nullable(),
    }),
    errorReporting: z.object({
      dsn: z.string().nullable().describe('Sentry DSN of the portal; null: error reporting is off'),
      environment: z.string(),
      tracesSampleRate: z.number(),
      replaysSessionSampleRate: z.number(),
      replaysOnErrorSampleRate: z.number(),
    }),
  }),
});

export interface AnalyticsRouteOptions {
  service: AnalyticsService;
  limiter: RateLimiter;
  /** Per client address, for events and for consent records each. */
  perIp: RateLimitRule;
  config: Pick<Config, 'analytics' | 'errorReporting'>;
}

/**
 * Analytics (issue 14 §3) and the cookie-consent record (§2). The portal calls these only after the visitor's
 * choice: events only with analytics consent, the record once per choice. Anonymous callers are welcome (the
 * sign-in page counts too); a valid bearer token adds the user id, the only personal datum kept.
 */
export const analyticsRoutes: FastifyPluginAsyncZod<AnalyticsRouteOptions> = async (
  app,
  { service, limiter, perIp, config },
) => {
  app.post(
    '/analytics/events',
    {
      config: { access: { kind: 'public' } },
      preValidation: async (request) => {
        await limiter.hit(`ip:analytics-events:${request.ip}`, perIp);
      },
      schema: {
        operationId: 'recordAnalyticsEvents',
        tags: ['analytics'],
        summary:
          'Page views and page leaves (batched; the page-leave batch arrives by navigator.sendBeacon). Sent only ' +
          'after analytics consent: refused (400, consentId) unless the latest recorded choice of the consent id ' +
          'accepts analytics',
        body: analyticsBatchSchema,
        response: {
          202: z.object({ data: z.object({ accepted: z.number().int() }) }),
          400: errorBodySchema,
          429: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const accepted = await service.recordEvents(
        request.body.consentId,
        request.body.visitorId,
        request.actor?.userId ?? null,
        request.body.events,
      );
      return reply.code(202).send({ data: { accepted } });
    },
  );

  app.post(
    '/consent/records',
    {
      config: { access: { kind: 'public' } },
      preValidation: async (request) => {
        await limiter.hit(`ip:consent-records:${request.ip}`, perIp);
      },
      schema: {
        operationId: 'recordConsent',
        tags: ['analytics'],
        summary:
          "A cookie-consent choice: categories, when, the dialog text's revision (docs/decisions/0082)",
        body: consentRecordSchema,
        response: { 204: z.null(), 400: errorBodySchema, 429: errorBodySchema },
      },
    },
    async (request, reply) => {
      await service.recordConsent(request.actor?.userId ?? null, request.body);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/analytics/route-counts',
    {
      config: { access: { kind: 'staff' } },
      schema: {
        operationId: 'getAnalyticsRouteCounts',
        tags: ['analytics'],
        summary: 'Staff: page views, leaves, visitors and users per route id over the last days (default 30)',
        querystring: z.object({
          days: z.coerce
            .number({ message: 'must be a number' })
            .int({ message: 'must be a whole number' })
            .min(1, { message: 'must be between 1 and 90' })
            .max(90, { message: 'must be between 1 and 90' })
            .default(30),
        }),
        response: {
          200: routeCountsSchema,
          400: errorBodySchema,
          401: errorBodySchema,
          404: errorBodySchema,
        },
      },
    },
    async (request) => ({ data: await service.routeCounts(request.query.days) }),
  );

  app.get(
    '/analytics/client-config',
    {
      config: { access: { kind: 'public' } },
      schema: {
        operationId: 'getAnalyticsClientConfig',
        tags: ['analytics'],
        summary:
          "Which analytics and error-reporting adapters the portal starts once analytics is accepted (SPEC §9's " +
          'sample rates)',
        response: { 200: clientConfigSchema },
      },
    },
    async () => ({
      data: {
        analytics: {
          provider: config.analytics.posthog ? ('posthog' as const) : ('embedded' as const),
          posthogKey: config.analytics.posthog?.key ?? null,
          posthogHost: config.analytics.posthog?.host ?? null,
        },
        errorReporting: {
          dsn: config.errorReporting.portalDsn ?? null,
          environment: config.errorReporting.environment,
          tracesSampleRate: ERROR_REPORTING_SAMPLE_RATES.traces,
          replaysSessionSampleRate: ERROR_REPORTING_SAMPLE_RATES.sessionReplays,
          replaysOnErrorSampleRate: ERROR_REPORTING_SAMPLE_RATES.errorReplays,
        },
      },
    }),
  );
};
