import { toValidationDetails } from '@mp/domain/validation';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isDatabaseUnavailable } from '../db/errors.ts';

/** DESIGN §4: one entry per broken rule of a 400 response. */
export interface ErrorDetail {
  /** Dotted path of the offending input, e.g. `address.postalCode`; the input part when it is the whole of it. */
  field: string;
  /** The message key of the broken rule (e.g. `validation.emailInvalid`), or zod's issue code for plain schemas. */
  rule: string;
  /** en-GB text for the rule. */
  message: string;
}

export interface ErrorBody {
  error: { code: string; message: string; details?: ErrorDetail[] };
}

/** The error schema every route documents for its failures (OpenAPI). */
export const errorBodySchema = z
  .object({
    error: z.object({
      code: z.string(),
      message: z.string(),
      details: z.array(z.object({ field: z.string(), rule: z.string(), message: z.string() })).optional(),
    }),
  })
  .meta({ id: 'Error' });

/**
 * An expected failure with its HTTP status and a stable UPPER_SNAKE code the portal may switch on; services
 * throw these, the error handler renders them.
 */
export class AppError extends Error {
  readonly statusCode: number;
  readonly code: string;
  readonly details: ErrorDetail[] | undefined;
  /** Seconds a client should wait before retrying (429); sent as Retry-After. */
  readonly retryAfterSeconds: number | undefined;
  /** The limit that was hit (429): sent as the IETF draft RateLimit-Limit/-Remaining/-Reset headers. */
  rateLimit?: { limit: number; remaining: number; resetSeconds: number };
  constructor(
    statusCode: number,
    code: string,
    message: string,
    details?: ErrorDetail[],
    retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'AppError';
    this.statusCode = statusCode;
    this.code = code;
    this.details = details;
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/**
 * 422 for an Idempotency-Key sent again with another body (refunds, device orders, one-off invoices: Stripe's
 * semantics): `what` names what the key made ("order", "invoice").
 */
export const idempotencyKeyReused = (what: string) =>
  new AppError(
    422,
    'IDEMPOTENCY_KEY_REUSED',
    `This Idempotency-Key was used with another ${what}; use a new key for a new ${what}`,
    [
      {
        field: 'idempotency-key',
        rule: 'idempotency.reused',
        message: 'Keys cannot be reused with another body',
      },
    ],
  );

/**
 * The optional Idempotency-Key header of a POST that moves money or stock (refunds, device orders, one-off
 * invoices); `description` says what a replay answers, for the API's description.
 */
export const idempotencyKeyHeaders = (description: string) =>
  z.object({ 'idempotency-key': z.string().min(1).max(255).optional().describe(description) });

/** An Idempotency-Key lasts 24 hours, as Stripe's do: after that it is free again and the request is a new one. */
export const IDEMPOTENCY_KEY_LIFETIME_MS = 24 * 60 * 60 * 1000;

/** Whether a key first used at `usedAt` has lapsed by `now` (its holder then gives it up). */
export const idempotencyKeyLapsed = (usedAt: Date | string, now: Date) =>
  now.getTime() - new Date(usedAt).getTime() >= IDEMPOTENCY_KEY_LIFETIME_MS;

/** What the error handler renders as is: AppError, or a module's own error class of the same shape. */
interface PublicError {
  statusCode: number;
  code: string;
  message: string;
  details?: ErrorDetail[] | undefined;
  retryAfterSeconds?: number | undefined;
}

function isPublicError(error: unknown): error is PublicError {
  if (error instanceof AppError) return true;
  if (!(error instanceof Error) || !('details' in error)) return false;
  const { statusCode, code } = error as Partial<PublicError>;
  return (
    typeof statusCode === 'number' &&
    statusCode >= 400 &&
    statusCode < 600 &&
    typeof code === 'string' &&
    /^[A-Z][A-Z0-9_]*$/.test(code) &&
    !code.startsWith('FST_')
  );
}

export const badRequest = (message: string, details?: ErrorDetail[]) =>
  new AppError(400, 'BAD_REQUEST', message, details);
export const unauthorized = (message = 'Authentication required') =>
  new AppError(401, 'UNAUTHENTICATED', message);
export const notFound = (message = 'Not found') => new AppError(404, 'NOT_FOUND', message);
export const conflict = (message: string, details?: ErrorDetail[]) =>
  new AppError(409, 'CONFLICT', message, details);
export const tooManyRequests = (
  message = 'Too many requests, please try again later',
  retryAfterSeconds?: number,
) => new AppError(429, 'RATE_LIMITED', message, undefined, retryAfterSeconds);

/**
 * DESIGN §4 details for a zod error: the shared helper of `@mp/domain/validation` turns each issue into its
 * message key (rule) and en-GB text; the whole input (`body`, `querystring`, …) is named when the path is empty.
 */
export function detailsFromZodError(error: z.ZodError, whole = 'body'): ErrorDetail[] {
  return toValidationDetails(error).map((detail) => ({ ...detail, field: detail.field || whole }));
}

/** A 400 for a zod error raised outside route validation (e.g. a service parsing input itself). */
export function validationFailed(error: z.ZodError, whole = 'body'): AppError {
  return new AppError(
    400,
    'VALIDATION_FAILED',
    'The request is not valid',
    detailsFromZodError(error, whole),
  );
}

const CODE_BY_STATUS: Record<number, string> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  406: 'NOT_ACCEPTABLE',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
  503: 'SERVICE_UNAVAILABLE',
};

export function sendError(reply: FastifyReply, statusCode: number, body: ErrorBody['error']) {
  return reply.code(statusCode).type('application/json; charset=utf-8').send({ error: body });
}

/** Seconds a client should wait while the database is unreachable (issue 8 §2: recovery within a second). */
export const DATABASE_RETRY_AFTER_SECONDS = 1;

/** The 503 every route answers while the database is unreachable (issue 8 §2). */
export function sendDatabaseUnavailable(reply: FastifyReply) {
  reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
  return sendError(reply, 503, {
    code: 'SERVICE_UNAVAILABLE',
    message: 'The service is temporarily unavailable. Please try again in a moment.',
  });
}

/** Where server errors go besides the log: the error-reporting port (issue 14 §5); off unless configured. */
type ServerErrorListener = (error: unknown, request: FastifyRequest) => void;

function handleError(
  this: { onServerError?: ServerErrorListener },
  error: FastifyError | Error,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  if (isDatabaseUnavailable(error)) {
    request.log.warn({ err: error }, 'database unavailable');
    return sendDatabaseUnavailable(reply);
  }
  if (isPublicError(error)) {
    if (error.statusCode >= 500) {
      request.log.error({ err: error }, error.message);
      this.onServerError?.(error, request);
    }
    if (error.retryAfterSeconds) reply.header('retry-after', String(error.retryAfterSeconds));
    const rateLimit = (error as { rateLimit?: AppError['rateLimit'] }).rateLimit;
    if (rateLimit) {
      reply.header('ratelimit-limit', String(rateLimit.limit));
      reply.header('ratelimit-remaining', String(rateLimit.remaining));
      reply.header('ratelimit-reset', String(rateLimit.resetSeconds));
    }
    return sendError(reply, error.statusCode, {
      code: error.code,
      message: error.message,
      ...(error.details ? { details: error.details } : {}),
    });
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    // The type provider flattened each zod issue into {instancePath, keyword, message, params}; rebuild it.
    const issues = error.validation.map(
      (v) =>
        ({
          ...v.params,
          code: v.keyword,
          path: v.instancePath
            .split('/')
            .filter(Boolean)
            .map((segment) => (/^\d+$/.test(segment) ? Number(segment) : segment)),
          message: v.message ?? v.keyword,
        }) as unknown as z.core.$ZodIssue,
    );
    const details = detailsFromZodError(new z.ZodError(issues), error.validationContext ?? 'body');
    return sendError(reply, 400, { code: 'VALIDATION_FAILED', message: 'The request is not valid', details });
  }
  if (error instanceof z.ZodError) {
    const failure = validationFailed(error);
    return sendError(reply, 400, {
      code: failure.code,
      message: failure.message,
      details: failure.details ?? [],
    });
  }
  if (isResponseSerializationError(error)) {
    request.log.error({ err: error, issues: error.cause.issues }, 'response does not match its schema');
    this.onServerError?.(error, request);
    return sendError(reply, 500, { code: 'INTERNAL_ERROR', message: 'Something went wrong' });
  }
  const statusCode = 'statusCode' in error && typeof error.statusCode === 'number' ? error.statusCode : 500;
  if ('code' in error && error.code === 'FST_ERR_CTP_INVALID_JSON_BODY') {
    // Broken JSON, or a `__proto__`/`constructor.prototype` key (refused as prototype poisoning): name the body.
    return sendError(reply, 400, {
      code: 'BAD_REQUEST',
      message: 'The request body is not valid JSON (keys `__proto__` and `constructor` are not allowed)',
      details: [{ field: 'body', rule: 'validation.invalid', message: 'Invalid value' }],
    });
  }
  if (statusCode >= 400 && statusCode < 500) {
    return sendError(reply, statusCode, {
      code: CODE_BY_STATUS[statusCode] ?? 'BAD_REQUEST',
      message: error.message,
    });
  }
  request.log.error({ err: error }, 'unhandled error');
  this.onServerError?.(error, request);
  return sendError(reply, 500, { code: 'INTERNAL_ERROR', message: 'Something went wrong' });
}

/**
 * Errors Fastify raises before routing (a URL that is not valid percent-encoding, …): same error model. The
 * request may not even have a route, so this answers directly.
 */
export function handleFrameworkError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  const statusCode = typeof error.statusCode === 'number' && error.statusCode < 500 ? error.statusCode : 400;
  const message = error.code === 'FST_ERR_BAD_URL' ? 'The URL is not valid' : 'The request is not valid';
  return sendError(reply, statusCode, { code: CODE_BY_STATUS[statusCode] ?? 'BAD_REQUEST', message });
}

/** Installs the error model of DESIGN §4 on the root instance (not encapsulated on purpose). */
export function installErrorHandler(app: FastifyInstance, onServerError?: ServerErrorListener) {
  const context = onServerError ? { onServerError } : {};
  app.setErrorHandler((error: FastifyError | Error, request, reply) =>
    handleError.call(context, error, request, reply),
  );
}
