// Issue 8 §2 and §4: what a database failure means for the caller (the database is unreachable → 503) and what
// of it may be logged (never the bound parameters, nor PostgreSQL's `detail`, which quotes row values).

/** Set on errors raised while connecting: whatever the reason, the database cannot serve us right now. */
export const CONNECT_FAILURE = Symbol.for('mp.db.connectFailure');

/**
 * SQLSTATEs that mean the connection or the server is gone, not that the query was wrong: class 08
 * (connection exception), 57P01–57P03 (terminated by an administrator, crash shutdown, cannot connect now),
 * 53300 (too many connections).
 */
function isUnavailableCode(code: string): boolean {
  return (
    code.startsWith('08') || code === '57P01' || code === '57P02' || code === '57P03' || code === '53300'
  );
}

const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/** Messages node-postgres and pg-pool raise without a code when the socket is gone. */
const UNAVAILABLE_MESSAGES = [
  /^Connection terminated/,
  /is not queryable/,
  /^timeout exceeded when trying to connect/,
  /^Connection ended/,
  /^Client was closed and is not queryable/,
];

function causes(error: unknown): unknown[] {
  const chain: unknown[] = [];
  let current = error;
  while (current && typeof current === 'object' && chain.length < 8 && !chain.includes(current)) {
    chain.push(current);
    current = (current as { cause?: unknown }).cause;
  }
  return chain;
}

/** True when `error` (or what caused it) says the database is unreachable rather than the query wrong. */
export function isDatabaseUnavailable(error: unknown): boolean {
  return causes(error).some((cause) => {
    const { code, message } = cause as { code?: unknown; message?: unknown };
    if ((cause as Record<symbol, unknown>)[CONNECT_FAILURE]) return true;
    if (typeof code === 'string' && (isUnavailableCode(code) || NETWORK_CODES.has(code))) return true;
    return typeof message === 'string' && UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(message));
  });
}

/** Marks an error raised while connecting (see CONNECT_FAILURE) and returns it. */
export function markConnectFailure<E>(error: E): E {
  if (error && typeof error === 'object') (error as Record<symbol, unknown>)[CONNECT_FAILURE] = true;
  return error;
}

/** Fields of a driver error that are safe to log: they name what failed, never the values involved. */
const SAFE_FIELDS = [
  'code',
  'severity',
  'routine',
  'constraint',
  'table',
  'column',
  'schema',
  'dataType',
] as const;

/** Drizzle's "Failed query: …\nparams: …" message, cut before the parameters. */
function withoutParams(text: string): string {
  const at = text.indexOf('\nparams:');
  return at === -1 ? text : text.slice(0, at);
}

export interface SafeError {
  type: string;
  message: string;
  stack: string;
  query?: string;
  cause?: SafeError;
  [field: string]: unknown;
}

/**
 * The pino serializer for errors: type, message, stack, the SQL text and the driver's naming fields, recursively
 * for causes; never `params`, `detail`, `where` or anything else a driver may attach (issue 8 §4: a failed
 * insert used to log the argon2id hash it was inserting).
 */
export function serializeError(error: unknown, depth = 0): SafeError {
  if (!(error instanceof Error)) return { type: typeof error, message: '[not an Error]', stack: '' };
  const record = error as unknown as Record<string, unknown>;
  const clean = (text: string) => {
    const cut = withoutParams(text);
    // Class 22 (data exception) messages quote the offending input: `invalid input syntax for type uuid: "…"`.
    return typeof record.code === 'string' && record.code.startsWith('22')
      ? cut.replace(/"[^"]*"/g, '"…"')
      : cut;
  };
  const safe: SafeError = {
    type: error.constructor?.name ?? 'Error',
    message: clean(error.message),
    stack: clean(error.stack ?? ''),
  };
  if (typeof record.query === 'string') safe.query = record.query;
  for (const field of SAFE_FIELDS) {
    if (typeof record[field] === 'string' || typeof record[field] === 'number') safe[field] = record[field];
  }
  if (typeof record.statusCode === 'number') safe.statusCode = record.statusCode;
  if (error.cause !== undefined && depth < 5) safe.cause = serializeError(error.cause, depth + 1);
  return safe;
}
