import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { z } from 'zod';

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

/** An expected failure with its HTTP status; services throw these, the error handler renders them. */
export class AppError extends Error {
  readonly statusCode: number;
  readonly code: string;
  readonly details: ErrorDetail[] | undefined;
  constructor(statusCode: number, code: string, message: string, details?: ErrorDetail[]) {
    super(message);
    this.name = 'AppError';
    this.statusCode = statusCode;
    this.code = code;
    this.details = details;
  }
}

export const badRequest = (message: string, details?: ErrorDetail[]) =>
  new AppError(400, 'bad_request', message, details);
export const unauthorized = (message = 'Authentication required') =>
  new AppError(401, 'unauthorized', message);
export const notFound = (message = 'Not found') => new AppError(404, 'not_found', message);
export const conflict = (message: string, details?: ErrorDetail[]) =>
  new AppError(409, 'conflict', message, details);
export const tooManyRequests = (message = 'Too many requests, please try again later') =>
  new AppError(429, 'rate_limited', message);

/** A message key as the domain schemas write them: dotted identifiers, no spaces (`validation.required`). */
const MESSAGE_KEY = /^[a-z][A-Za-z0-9]*(\.[A-Za-z0-9_]+)+$/;

interface IssueLike {
  path: readonly PropertyKey[];
  code: string;
  message: string;
}

// TODO(domain): switch to the zod-error helper of `@mp/domain/validation` once it is published, so the
// en-GB text of a message key comes from the shared catalogue rather than the key itself.
export function detailFromIssue(issue: IssueLike, whole = 'body'): ErrorDetail {
  const field = issue.path.map(String).join('.') || whole;
  const isKey = MESSAGE_KEY.test(issue.message);
  return { field, rule: isKey ? issue.message : issue.code, message: issue.message };
}

/** A 400 for a zod error raised outside route validation (e.g. a service parsing a stored value). */
export function validationFailed(error: z.ZodError, whole = 'body'): AppError {
  return new AppError(
    400,
    'validation_failed',
    'The request is not valid',
    error.issues.map((issue) => detailFromIssue(issue, whole)),
  );
}

const CODE_BY_STATUS: Record<number, string> = {
  400: 'bad_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  406: 'not_acceptable',
  409: 'conflict',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  429: 'rate_limited',
};

export function sendError(reply: FastifyReply, statusCode: number, body: ErrorBody['error']) {
  return reply.code(statusCode).type('application/json; charset=utf-8').send({ error: body });
}

function handleError(error: FastifyError | Error, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof AppError) {
    if (error.statusCode >= 500) request.log.error({ err: error }, error.message);
    return sendError(reply, error.statusCode, {
      code: error.code,
      message: error.message,
      ...(error.details ? { details: error.details } : {}),
    });
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const whole = error.validationContext ?? 'body';
    const details = error.validation.map((v) =>
      detailFromIssue(
        {
          path: v.instancePath.split('/').filter(Boolean),
          code: v.keyword,
          message: v.message ?? v.keyword,
        },
        whole,
      ),
    );
    return sendError(reply, 400, { code: 'validation_failed', message: 'The request is not valid', details });
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
    return sendError(reply, 500, { code: 'internal_error', message: 'Something went wrong' });
  }
  const statusCode = 'statusCode' in error && typeof error.statusCode === 'number' ? error.statusCode : 500;
  if (statusCode >= 400 && statusCode < 500) {
    return sendError(reply, statusCode, {
      code: CODE_BY_STATUS[statusCode] ?? 'bad_request',
      message: error.message,
    });
  }
  request.log.error({ err: error }, 'unhandled error');
  return sendError(reply, 500, { code: 'internal_error', message: 'Something went wrong' });
}

/** Installs the error model of DESIGN §4 on the root instance (not encapsulated on purpose). */
export function installErrorHandler(app: FastifyInstance) {
  app.setErrorHandler(handleError);
}
