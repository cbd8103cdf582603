import compress from '@fastify/compress';
import cors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import { s3DownloadOrigin } from '../adapters/storage/s3-config.ts';
import type { Config } from '../config.ts';

/**
 * helmet's middleware with this API's settings (CSP, HSTS, framing, …), built once: @fastify/helmet builds it
 * (parsing the CSP directives) on every request, 4 % of the API's CPU on a one-statement read (docs/PERFORMANCE.md).
 */
export function securityHeaderMiddleware(config: Config) {
  // Analytics and error reporting send from the browser to their vendor only when configured (issue 14 §3, §5).
  const vendorOrigins = [config.analytics.posthog?.host, config.errorReporting.portalDsn]
    .filter((url): url is string => Boolean(url))
    .map((url) => new URL(url).origin);
  // Report downloads are fetched by the portal from the bucket's presigned URLs when S3 is configured.
  const storageOrigins = config.files.s3 ? [s3DownloadOrigin(config.files.s3)] : [];
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        // No inline scripts, ever: the portal is a Vite build of external module scripts.
        scriptSrc: ["'self'"],
        // Mantine sets style attributes at runtime; styles cannot run code.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...vendorOrigins, ...storageOrigins],
        // Sentry's session replay compresses in a worker it starts from a blob.
        workerSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(config.nodeEnv === 'production' ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    // Agrees with frame-ancestors 'none' for browsers that only read the older header (issue 8 §4).
    frameguard: { action: 'deny' },
    strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: true },
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
}

/** Security headers, CORS limited to the portal origin, and response compression. */
export async function registerSecurity(app: FastifyInstance, config: Config) {
  const securityHeaders = securityHeaderMiddleware(config);
  app.addHook('onRequest', (request, reply, done) => {
    // The API's answers are a user's data and tokens (RFC 6749 §5.1): no browser or proxy cache keeps them,
    // unless the route says otherwise (the public key set, the companion config, a download's own header).
    if (request.url.startsWith('/api/')) reply.header('cache-control', 'no-store');
    securityHeaders(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined));
  });
  await app.register(cors, {
    // Reflect the origin only when it is the portal's: anything else gets no CORS headers at all.
    origin: (origin, callback) => callback(null, Boolean(origin) && origin === config.portalOrigin),
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    // Idempotency-Key: refunds, device orders and one-off invoices; Content-Disposition: a download's file name.
    allowedHeaders: ['authorization', 'content-type', 'x-request-id', 'accept-language', 'idempotency-key'],
    exposedHeaders: ['x-request-id', 'content-disposition', 'idempotent-replayed'],
    maxAge: 600,
  });
  await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip', 'deflate'] });
}
