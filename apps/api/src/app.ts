import { randomBytes, randomUUID } from 'node:crypto';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { DestinationStream } from 'pino';
import { accessPlugin } from './access/route-access.ts';
import { createTenantDb } from './access/tenant-db.ts';
import { createBillingProvider } from './adapters/billing/billing-provider.ts';
import { type ErrorReporter, errorReportingOff } from './adapters/error-reporting/error-reporter-port.ts';
import { createSimulatedESignProvider } from './adapters/esign/esign-port.ts';
import { createInactiveRecipients } from './adapters/mail/inactive-recipients.ts';
import type { PspRefunds } from './adapters/psp/psp-port.ts';
import { createSimulatedRefunds } from './adapters/psp/simulated-refunds.ts';
import { localFileRoutes } from './adapters/storage/file-routes.ts';
import { isLocalFileStorage } from './adapters/storage/local-file-storage.ts';
import { fileStorageFromConfig } from './adapters/storage/storage-from-config.ts';
import type { FileStorage } from './adapters/storage/storage-port.ts';
import { devTerminalRoutes } from './adapters/terminals/terminal-simulator-routes.ts';
import { type Clock, systemClock } from './clock.ts';
import type { Config } from './config.ts';
import type { Database, Db } from './db/client.ts';
import { serializeError } from './db/errors.ts';
import { httpsServerOptions } from './https-server.ts';
import { createIdentityModule, type IdentityModuleOptions, registerIdentity } from './identity/module.ts';
import type { IdentityService } from './identity/service.ts';
import type { JobQueue } from './jobs/queue.ts';
import { analyticsRoutes } from './modules/analytics/routes.ts';
import { createAnalyticsService } from './modules/analytics/service.ts';
import { auditRoutes } from './modules/audit/routes.ts';
import { createAuditService } from './modules/audit/service.ts';
import { docusignRoutes } from './modules/billing/docusign-routes.ts';
import { esignSimulatorRoutes } from './modules/billing/esign-simulator-routes.ts';
import { createRatesSigning } from './modules/billing/rates-signing.ts';
import { billingRoutes } from './modules/billing/routes.ts';
import { createBillingService } from './modules/billing/service.ts';
import { billingSimulatorRoutes } from './modules/billing/simulator-routes.ts';
import { stripeWebhookRoutes } from './modules/billing/stripe-webhook-routes.ts';
import { capitalRoutes } from './modules/capital/routes.ts';
import { createCapitalService } from './modules/capital/service.ts';
import { createChatIdentity } from './modules/chat/identity.ts';
import { chatRoutes } from './modules/chat/routes.ts';
import { companionRoutes } from './modules/companion/routes.ts';
import { companySettingsRoutes } from './modules/company-settings/routes.ts';
import { createCompanySettingsService } from './modules/company-settings/service.ts';
import { dealsRoutes } from './modules/deals/routes.ts';
import { createDealsService } from './modules/deals/service.ts';
import { devicesRoutes } from './modules/devices/routes.ts';
import { createDevicesService } from './modules/devices/service.ts';
import { EOD_MAKE_JOB, EOD_REQUEST_PRIORITY, eodJobKey } from './modules/eod-reports/eod-jobs.ts';
import { eodReportsRoutes } from './modules/eod-reports/routes.ts';
import { createEodReportsService } from './modules/eod-reports/service.ts';
import { healthRoutes } from './modules/health/routes.ts';
import { createPaymentSettlement } from './modules/invoices/payment-settlement.ts';
import { invoicesRoutes } from './modules/invoices/routes.ts';
import { createInvoicesService } from './modules/invoices/service.ts';
import { merchantRoutes } from './modules/merchants/routes.ts';
import { createMerchantService } from './modules/merchants/service.ts';
import { kycSimulatorRoutes } from './modules/onboarding/kyc-simulator-routes.ts';
import { onboardingRoutes } from './modules/onboarding/routes.ts';
import { createOnboardingService } from './modules/onboarding/service.ts';
import { payoutsRoutes } from './modules/payouts/routes.ts';
import { createPayoutsService } from './modules/payouts/service.ts';
import { pspRoutes, type WebhookCredentials } from './modules/psp/routes.ts';
import { createPspIngestionService, type PspIngestionService } from './modules/psp/service.ts';
import { REPORT_GENERATE_JOB } from './modules/reports/report-jobs.ts';
import { reportsRoutes } from './modules/reports/routes.ts';
import { createReportsService } from './modules/reports/service.ts';
import { sitesRoutes } from './modules/sites/routes.ts';
import { createSitesService } from './modules/sites/service.ts';
import { staffRoutes } from './modules/staff/routes.ts';
import { createStaffService } from './modules/staff/service.ts';
import { supportRoutes } from './modules/support/routes.ts';
import { createSupportService } from './modules/support/service.ts';
import { createLiveEvents } from './modules/transactions/live-events.ts';
import { liveTransactionsRoutes } from './modules/transactions/live-routes.ts';
import { createReceiptsService } from './modules/transactions/receipts-service.ts';
import { createRefundsService } from './modules/transactions/refunds-service.ts';
import { transactionsRoutes } from './modules/transactions/routes.ts';
import { createTransactionsService } from './modules/transactions/service.ts';
import { createInvitationsService } from './modules/users/invitations-service.ts';
import { usersRoutes } from './modules/users/routes.ts';
import { createUsersService } from './modules/users/service.ts';
import { handleFrameworkError, installErrorHandler, sendError } from './plugins/errors.ts';
import { inputGuardPlugin } from './plugins/input-guard.ts';
import { registerOpenApi, registerOpenApiRoute } from './plugins/openapi.ts';
import { registerPortalStatic, wantsPortalPage } from './plugins/portal-static.ts';
import { requestLogger, serializeRequest } from './plugins/request-logger.ts';
import { registerSecurity } from './plugins/security.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    /** Owner handle of `database`: identity, health, tests. Tenant tables are reached only through `tenantDb`. */
    db: Db;
    clock: Clock;
    /** The user pool's service (adminCreateUser, groups, …) for other modules. */
    identity: IdentityService;
    /** Payments in from the PSP: the ingestion service and the webhook's credentials (the simulator signs with them). */
    psp: { ingestion: PspIngestionService; webhook: WebhookCredentials };
    /** Refunds out to the PSP (Adyen or the embedded simulator; `settled()` only on the simulator). */
    pspRefunds: PspRefunds & { settled?: () => Promise<void> };
    /** Server errors (5xx) go here besides the log: Sentry when SENTRY_DSN is set, else nowhere (issue 14 §5). */
    errorReporter: ErrorReporter;
  }
}

export interface BuildAppOptions {
  config: Config;
  database: Database;
  clock?: Clock;
  /** Test seam: where log lines go (default stdout). */
  logStream?: DestinationStream;
  /** Test seams of the identity module: a mail adapter and tighter rate limits. */
  identity?: Pick<IdentityModuleOptions, 'mailer' | 'rateLimits'>;
  /** The file store (report CSVs); the configuration's (local folder, or S3 bucket when S3_BUCKET is set). */
  storage?: FileStorage;
  /** Where routes send jobs (the queue `npm start` opens); without it, a route that needs a job fails. */
  jobs?: Pick<JobQueue, 'send'>;
  /** Test seam: the error reporter (default: Sentry when SENTRY_DSN is set, else off). */
  errorReporter?: ErrorReporter;
}

/** Never let secrets reach the logs: credentials, tokens and card data, at any of the usual depths. */
const SECRET_KEYS = [
  'password',
  'newPassword',
  'currentPassword',
  'passwordHash',
  'token',
  'accessToken',
  'refreshToken',
  'idToken',
  'confirmationCode',
  'resetCode',
  'temporaryPassword',
  'session',
  'clientSecret',
  'signingKey',
  'secretAccessKey',
  'cardNumber',
  'pan',
  'cvc',
  'cvv',
];
export const redactPaths = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  'headers.authorization',
  ...SECRET_KEYS.flatMap((key) => [key, `*.${key}`, `*.*.${key}`]),
];

const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

function loggerOptions(config: Config, stream?: DestinationStream): FastifyServerOptions['logger'] {
  return {
    ...(stream ? { stream } : {}),
    level: config.logLevel,
    redact: { paths: redactPaths, censor: '[redacted]' },
    serializers: {
      // Errors are logged without bound parameters or row values (issue 8 §4, src/db/errors.ts).
      err: (err) => serializeError(err),
      error: (err) => serializeError(err),
      // Request URLs without their query's values (decision 0131, src/plugins/request-logger.ts).
      req: serializeRequest,
    },
  };
}

export async function buildApp({
  config,
  database,
  clock = systemClock,
  identity: identitySeams,
  logStream,
  storage: givenStorage,
  jobs,
  errorReporter: givenErrorReporter,
}: BuildAppOptions) {
  const storage = givenStorage ?? (await fileStorageFromConfig(config.files));
  // @sentry/node is loaded only when a DSN is configured (it is large; an API without it never imports it).
  const errorReporter =
    givenErrorReporter ??
    (config.errorReporting.apiDsn
      ? (await import('./adapters/error-reporting/sentry-reporter.ts')).createSentryReporter({
          dsn: config.errorReporting.apiDsn,
          environment: config.errorReporting.environment,
        })
      : errorReportingOff);
  const app = Fastify({
    // HTTPS with HTTP/2 when a certificate is configured. Fastify's types follow HTTP/1.1's server: the routes use
    // only what both servers' requests and replies share (the live stream writes its own head, see live-routes.ts).
    ...(config.tls ? (httpsServerOptions(config.tls) as object) : {}),
    logger: loggerOptions(config, logStream),
    // pino's per-request child logger only when the request logs (src/plugins/request-logger.ts).
    childLoggerFactory: requestLogger,
    trustProxy: config.trustProxy,
    bodyLimit: config.bodyLimit,
    requestIdHeader: false,
    // Keep a caller's (or load balancer's) request id when it is sane, so logs line up across services.
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    },
    routerOptions: { ignoreTrailingSlash: true },
    // Malformed URLs (bad percent-encoding) answer in our error model, not Fastify's.
    frameworkErrors: handleFrameworkError,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('db', database.db);
  app.decorate('clock', clock);
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header('x-request-id', request.id);
    done(null, payload);
  });

  app.decorate('errorReporter', errorReporter);
  app.addHook('onClose', () => errorReporter.flush(2000));
  installErrorHandler(app, (error, request) =>
    errorReporter.capture(error, {
      userId: request.actor?.userId ?? null,
      requestId: String(request.id),
      route: request.routeOptions.url,
      method: request.method,
    }),
  );
  // Issue 8 §3: UTF-8 bodies only (415), and no unstorable string or absurd nesting reaches any route.
  await app.register(inputGuardPlugin);
  // ── Access (src/access): the declarative permission check of every route (`config: { access }`), the
  // route catalog, and the row-level-security transactions. Before every route.
  const tenantDb = createTenantDb(database);
  await app.register(accessPlugin, { tenantDb, clock });
  await registerOpenApi(app);
  await registerSecurity(app, config);

  // ── Identity (apps/api/src/identity, src/plugins/auth.ts): bearer → request.actor, /api/identity/*,
  // /api/.well-known/jwks.json and, outside production, /api/dev/outbox. Before every route that needs an actor.
  const identity = await createIdentityModule({
    db: database.db,
    log: app.log,
    clock: () => clock.now(),
    publicUrl: config.publicUrl,
    portalOrigin: config.portalOrigin,
    production: config.nodeEnv === 'production',
    signingKey: config.identity.signingKey,
    encryptionKey: config.identity.encryptionKey,
    accessTokenTtlSeconds: config.identity.accessTokenTtlSeconds,
    sessionCheckCacheSeconds: config.identity.sessionCheckCacheSeconds,
    smtpUrl: config.identity.smtpUrl,
    redisUrl: config.identity.redisUrl,
    mailFrom: config.identity.mailFrom,
    oidc: config.identity.oidc,
    ...identitySeams,
  });
  app.decorate('identity', identity.service);
  await registerIdentity(app, identity);

  await app.register(healthRoutes, { prefix: '/api', database });

  // ── Business modules: route → service → repository (DESIGN §3). Each route declares its access
  // (`config: { access }`, checked by src/access before validation: 404 for a merchant the actor does not belong
  // to or a permission they lack); services read and write tenant tables only through `tenantDb` (app_user, RLS).
  await app.register(merchantRoutes, { prefix: '/api', service: createMerchantService({ tenantDb }) });
  // ── Payments from the PSP (issue 11): Adyen notifications in. Without Adyen credentials the webhook takes the
  // simulator's, made up for this process.
  const webhook: WebhookCredentials = config.psp.adyenNotifications ?? {
    hmacKey: randomBytes(32).toString('hex').toUpperCase(),
    username: 'simulator',
    password: randomBytes(24).toString('base64url'),
  };
  // Live updates (issue 11 §2): every change ingestion makes reaches the event streams of every API instance
  // (PostgreSQL LISTEN/NOTIFY; in-process on PGlite).
  const liveEvents = await createLiveEvents({ database, log: app.log });
  app.addHook('onClose', () => liveEvents.close());
  const ingestion = createPspIngestionService({
    tenantDb,
    log: app.log,
    onChanges: (changes) => {
      liveEvents
        .publish(changes)
        .catch((error: unknown) => app.log.warn({ err: error }, 'live events: changes were not published'));
    },
  });
  app.decorate('psp', { ingestion, webhook });
  await app.register(pspRoutes, { prefix: '/api', service: ingestion, credentials: webhook });
  // Refunds out through the `psp` port: Adyen's refund call when ADYEN_API_KEY is set, else the embedded PSP,
  // which answers like Adyen and later posts the signed REFUND notification to the webhook above.
  const pspRefunds = config.psp.adyenCheckout
    ? // The Adyen SDK (~60 MB resident) loads only with ADYEN_API_KEY (issue 16 §2).
      (await import('./adapters/psp/adyen-refunds.ts')).createAdyenRefunds(config.psp.adyenCheckout)
    : createSimulatedRefunds({
        hmacKey: webhook.hmacKey,
        delayMs: config.psp.refundSimulator.delayMs,
        failureRate: config.psp.refundSimulator.failureRate,
        log: app.log,
        deliver: async (body) => {
          const answer = await app.inject({
            method: 'POST',
            url: '/api/psp/adyen/notifications',
            headers: {
              authorization: `Basic ${Buffer.from(`${webhook.username}:${webhook.password}`).toString('base64')}`,
            },
            payload: body as Record<string, unknown>,
          });
          if (answer.statusCode !== 200) throw new Error(`webhook answered ${answer.statusCode}`);
        },
      });
  app.decorate('pspRefunds', pspRefunds);
  await app.register(transactionsRoutes, {
    prefix: '/api',
    service: createTransactionsService({ tenantDb, clock }),
    refunds: createRefundsService({ tenantDb, clock, psp: pspRefunds, log: app.log }),
    receipts: createReceiptsService({
      tenantDb,
      clock,
      mailer: identity.mailer,
      recipients: createInactiveRecipients(database.db),
      log: app.log,
      limiter: identity.limiter,
      limits: config.receipts,
    }),
  });
  await app.register(liveTransactionsRoutes, {
    prefix: '/api',
    tenantDb,
    clock,
    events: liveEvents,
    heartbeatSeconds: config.psp.liveHeartbeatSeconds,
    sessionCheck: identity.sessionCheck,
  });

  // ── Access modules (issue 5): users, staff powers, company settings and rates, audit log.
  const mail = { tenantDb, clock, mailer: identity.mailer, portalUrl: config.publicUrl, log: app.log };
  const invitations = createInvitationsService(mail);
  await app.register(usersRoutes, {
    prefix: '/api',
    service: createUsersService({ ...mail, invitations }),
    invitations,
  });
  await app.register(staffRoutes, {
    prefix: '/api',
    service: createStaffService({ tenantDb, clock, identity: identity.service }),
  });
  // Rates signing (issue 13, decision 0090): the e-signature port — DocuSign when DOCUSIGN_* are set, else the
  // simulated page. A new rates version (staff's change, a deal) gets its envelope and un-signs the merchant.
  const esign = config.docusign
    ? // docusign-esign (~45 MB resident) loads only when DocuSign is configured (issue 16 §2).
      (await import('./adapters/esign/docusign.ts')).createDocuSignESignProvider(
        config.docusign,
        config.publicUrl,
      )
    : createSimulatedESignProvider(config.publicUrl);
  const ratesSigning = createRatesSigning({
    tenantDb,
    clock,
    esign,
    publicUrl: config.publicUrl,
    log: app.log,
  });
  await app.register(companySettingsRoutes, {
    prefix: '/api',
    service: createCompanySettingsService({ tenantDb, clock, ratesSigning }),
  });
  await app.register(auditRoutes, { prefix: '/api', service: createAuditService({ tenantDb }) });
  // Deals (issue 13, decision 0079): staff's price offers that onboarding and "associate" copy into rates.
  await app.register(dealsRoutes, {
    prefix: '/api',
    service: createDealsService({ tenantDb, clock }),
    limiter: identity.limiter,
  });
  await app.register(sitesRoutes, { prefix: '/api', service: createSitesService({ tenantDb, clock }) });
  await app.register(devicesRoutes, {
    prefix: '/api',
    service: createDevicesService({ tenantDb, clock, mailer: identity.mailer, log: app.log }),
  });
  if (config.nodeEnv !== 'production')
    await app.register(devTerminalRoutes, { prefix: '/api', db: database.db, clock });
  // ── Payouts (issue 12): built by the payout jobs (src/jobs), read here.
  await app.register(payoutsRoutes, { prefix: '/api', service: createPayoutsService({ tenantDb }) });

  // ── Onboarding (issue 13): industries, applications, customer accounts, verification links and the simulated
  // hosted KYC page.
  const onboarding = createOnboardingService({
    tenantDb,
    clock,
    mailer: identity.mailer,
    publicUrl: config.publicUrl,
    log: app.log,
    ratesSigning,
    hostedVerification: config.kycSimulator,
  });
  await app.register(onboardingRoutes, { prefix: '/api', service: onboarding });
  // The simulated page lets the applicant pick their own outcome: never in production unless KYC_SIMULATOR=true.
  if (config.kycSimulator) await app.register(kycSimulatorRoutes, { prefix: '/api', service: onboarding });

  // ── Billing (issue 13): settings, payment methods, checkout sessions through the billing provider port (the
  // simulated provider's hosted page by default).
  const billingProvider = await createBillingProvider(config);
  /** Where routes queue jobs (invoice collection); a route that needs one fails without a queue. */
  const sendJob: JobQueue['send'] = (name, data, options) => {
    if (!jobs) throw new Error('no job queue: buildApp was given no `jobs`');
    return jobs.send(name, data, options);
  };
  const paymentSettlement = createPaymentSettlement({
    tenantDb,
    clock,
    mailer: identity.mailer,
    portalUrl: config.publicUrl,
    log: app.log,
    send: sendJob,
  });
  const billing = createBillingService({
    tenantDb,
    clock,
    provider: billingProvider,
    esign,
    publicUrl: config.publicUrl,
    settlePayment: paymentSettlement.settle,
  });
  await app.register(billingRoutes, { prefix: '/api', service: billing });
  // The simulated hosted page saves test instruments: only while it is the provider, never beside Stripe.
  if (billingProvider.name === 'simulator')
    await app.register(billingSimulatorRoutes, { prefix: '/api', service: billing, clock });
  // The simulated page signs only while it is the provider; with DocuSign, DocuSign's record decides.
  if (esign.name === 'simulator')
    await app.register(esignSimulatorRoutes, { prefix: '/api', service: billing });
  await app.register(docusignRoutes, {
    prefix: '/api',
    signing: ratesSigning,
    enabled: esign.name === 'docusign',
  });
  await app.register(stripeWebhookRoutes, {
    prefix: '/api',
    service: billing,
    enabled: billingProvider.name === 'stripe',
  });

  // Invoices (issue 13): built and collected by the invoice jobs (src/jobs), read here.
  await app.register(chatRoutes, {
    prefix: '/api',
    identity: createChatIdentity({
      intercomAppId: config.chat.intercomAppId,
      secret: config.chat.identitySecret,
    }),
  });
  // The help panel's contact form (issue 14 §4): e-mails support through the mail port.
  await app.register(supportRoutes, {
    prefix: '/api',
    service: createSupportService({
      tenantDb,
      clock,
      mailer: identity.mailer,
      limiter: identity.limiter,
      perUser: { limit: config.support.messagesPerHour, windowMs: 3_600_000 },
      supportEmail: config.support.email,
      log: app.log,
    }),
  });
  await app.register(invoicesRoutes, {
    prefix: '/api',
    service: createInvoicesService({ tenantDb, clock, send: sendJob, log: app.log }),
  });
  // ── Analytics and the cookie-consent record (issue 14 §2, §3): the default analytics adapter's endpoint, the
  // staff's counts per route, and which adapters the portal starts after consent.
  await app.register(analyticsRoutes, {
    prefix: '/api',
    service: createAnalyticsService({ tenantDb, clock }),
    limiter: identity.limiter,
    perIp: { limit: config.analytics.ratePerMinute, windowMs: 60_000 },
    config,
  });
  // ── Companion app (issue 14 §1): the /app/* hand-off settings and the capital offer it embeds.
  await app.register(companionRoutes, { prefix: '/api', companion: config.companion });
  await app.register(capitalRoutes, {
    prefix: '/api',
    service: createCapitalService({
      tenantDb,
      clock,
      mailer: identity.mailer,
      portalUrl: config.publicUrl,
      log: app.log,
    }),
  });

  // ── Reports (issue 12 §3): requested here, made by the reports.generate job, fetched through the file store's
  // signed URLs.
  await app.register(reportsRoutes, {
    prefix: '/api',
    service: createReportsService({
      tenantDb,
      clock,
      storage,
      enqueue: async (data) => {
        if (!jobs) throw new Error('no job queue: buildApp was given no `jobs`');
        await jobs.send(REPORT_GENERATE_JOB, data, { singletonKey: data.reportId });
      },
    }),
  });
  // The local store's signed URLs point back at this API; S3's presigned URLs go to the bucket itself.
  if (isLocalFileStorage(storage)) await app.register(localFileRoutes, { prefix: '/api', storage });

  // ── End-of-day reports (issue 12 §4): made by the eod-reports jobs when a window closes or on request.
  await app.register(eodReportsRoutes, {
    prefix: '/api',
    service: createEodReportsService({
      tenantDb,
      clock,
      enqueue: async (data) => {
        if (!jobs) throw new Error('no job queue: buildApp was given no `jobs`');
        await jobs.send(EOD_MAKE_JOB, data, {
          singletonKey: eodJobKey(data.siteId, data.tradingDay),
          priority: EOD_REQUEST_PRIORITY,
        });
      },
    }),
  });

  registerOpenApiRoute(app);

  const servePortalPage = await registerPortalStatic(app, config.portalDist);
  app.setNotFoundHandler((request, reply) => {
    if (servePortalPage && wantsPortalPage(request)) return servePortalPage(request, reply);
    return sendError(reply, 404, {
      code: 'NOT_FOUND',
      message: `Route ${request.method} ${request.url.split('?')[0]} not found`,
    });
  });

  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
