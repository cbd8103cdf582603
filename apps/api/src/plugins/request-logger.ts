import type { FastifyBaseLogger } from 'fastify';
import type { Bindings, ChildLoggerOptions } from 'fastify/types/logger.js';
import type { Logger } from 'pino';

type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';
type LogFn = (...args: unknown[]) => void;
type Listener = (...args: never[]) => void;

/**
 * A request's logger (`request.log`, `reply.log`) that makes pino's child logger only when the request logs
 * something at an enabled level. Making one per request costs ~2–5 % of the API's CPU on the read routes
 * (docs/PERFORMANCE.md, "24 November, third pass"): pino runs the request id binding through the redaction of
 * every `*.secret` path. A request that logs nothing (any request at `warn` and above, unless it fails) never
 * pays for it; one that logs gets the same child, with the same bindings and redaction, as before.
 *
 * It answers every member of pino's `Logger` (issue 16 review): the log methods and the questions about the level
 * (`level`, `levelVal`, `levels`, `isLevelEnabled`, `version`, `msgPrefix`, `flush`, which are the parent's
 * while no child exists: the child inherits them) without a child; `bindings`, `setBindings`, `child`, a level
 * change and the `level-change` listeners on pino's child itself, made for them, so what they answer or change
 * is exactly what pino's child would.
 */
class RequestLogger {
  #child: Logger | undefined;
  readonly #parent: Logger;
  readonly #bindings: Bindings;

  constructor(parent: Logger, bindings: Bindings) {
    this.#parent = parent;
    this.#bindings = bindings;
  }

  #real(): Logger {
    this.#child ??= this.#parent.child(this.#bindings);
    return this.#child;
  }

  #current(): Logger {
    return this.#child ?? this.#parent;
  }

  #log(level: Level, args: unknown[]): void {
    if (!this.#child && !this.#parent.isLevelEnabled(level)) return;
    const child = this.#real();
    (child[level] as LogFn).apply(child, args);
  }

  get level(): string {
    return this.#current().level;
  }
  set level(level: string) {
    this.#real().level = level;
  }
  get levelVal(): number {
    return this.#current().levelVal;
  }
  get levels(): Logger['levels'] {
    return this.#current().levels;
  }
  get useLevelLabels(): boolean {
    return this.#current().useLevelLabels;
  }
  get customLevels(): Logger['customLevels'] {
    return this.#current().customLevels;
  }
  get version(): string {
    return this.#current().version;
  }
  get msgPrefix(): string | undefined {
    return this.#current().msgPrefix;
  }
  get onChild(): Logger['onChild'] {
    return this.#current().onChild;
  }
  isLevelEnabled(level: string): boolean {
    return this.#current().isLevelEnabled(level);
  }
  fatal(...args: unknown[]) {
    this.#log('fatal', args);
  }
  error(...args: unknown[]) {
    this.#log('error', args);
  }
  warn(...args: unknown[]) {
    this.#log('warn', args);
  }
  info(...args: unknown[]) {
    this.#log('info', args);
  }
  debug(...args: unknown[]) {
    this.#log('debug', args);
  }
  trace(...args: unknown[]) {
    this.#log('trace', args);
  }
  silent() {}
  /** The parent's stream is the child's: flushing it needs no child. */
  flush(cb?: (err?: Error) => void): void {
    this.#current().flush(cb);
  }
  bindings(): Bindings {
    return this.#real().bindings();
  }
  setBindings(bindings: Bindings): void {
    this.#real().setBindings(bindings);
  }
  child(bindings: Bindings, options?: ChildLoggerOptions): Logger {
    return this.#real().child(bindings, options);
  }
  on(event: 'level-change', listener: Listener): this {
    this.#real().on(event, listener as never);
    return this;
  }
  once(event: 'level-change', listener: Listener): this {
    this.#real().once(event, listener as never);
    return this;
  }
  addListener(event: 'level-change', listener: Listener): this {
    return this.on(event, listener);
  }
  prependListener(event: 'level-change', listener: Listener): this {
    this.#real().prependListener(event, listener as never);
    return this;
  }
  prependOnceListener(event: 'level-change', listener: Listener): this {
    this.#real().prependOnceListener(event, listener as never);
    return this;
  }
  removeListener(event: 'level-change', listener: Listener): this {
    this.#child?.removeListener(event, listener as never);
    return this;
  }
  off(event: 'level-change', listener: Listener): this {
    return this.removeListener(event, listener);
  }
}

/**
 * Fastify's `childLoggerFactory`: a lazy child (above), or pino's own when the route sets any child option (its own
 * level or serializers) or the logger is not pino.
 */
export function requestLogger(
  logger: FastifyBaseLogger,
  bindings: Bindings,
  options: ChildLoggerOptions,
): FastifyBaseLogger {
  if (Object.keys(options).length > 0 || !('isLevelEnabled' in logger) || !('bindings' in logger))
    return logger.child(bindings, options);
  return new RequestLogger(logger as Logger, bindings) as unknown as FastifyBaseLogger;
}

const REDACTED = '[redacted]';
/** Path parameters whose value is a credential: the KYC simulator's link token (kyc-simulator-routes.ts). */
const SECRET_PATH_PARAMS = new Set(['token']);

/**
 * The URL as the request log records it (decision 0131): the path, and the names of the query's parameters with
 * every value replaced by "[redacted]". Query strings here carry secrets and personal data (the reset link's code
 * and address, the social sign-in hand-off, the provider's code and state at the OIDC callback, a signed file
 * link's signature), and a list of the dangerous names would miss the next one. A path parameter named in
 * SECRET_PATH_PARAMS is redacted too. Nothing is decoded, so a malformed URL is logged as safely as any other.
 */
export function loggedUrl(url: string, params?: unknown): string {
  const mark = url.indexOf('?');
  let path = mark === -1 ? url : url.slice(0, mark);
  if (params && typeof params === 'object')
    for (const [name, value] of Object.entries(params as Record<string, unknown>))
      if (SECRET_PATH_PARAMS.has(name) && typeof value === 'string' && value !== '') {
        const encoded = encodeURIComponent(value);
        path = path
          .split('/')
          .map((segment) => (segment === value || segment === encoded ? REDACTED : segment))
          .join('/');
      }
  if (mark === -1) return path;
  const query = url
    .slice(mark + 1)
    .split('&')
    .map((part) => {
      const equals = part.indexOf('=');
      // A bare part (no "=") may itself be a secret: it is a value.
      if (equals === -1) return part === '' ? part : REDACTED;
      return `${part.slice(0, equals)}=${REDACTED}`;
    })
    .join('&');
  return `${path}?${query}`;
}

interface LoggedRequest {
  method: string;
  url?: string;
  params?: unknown;
  headers?: Record<string, unknown>;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
}

/** Fastify's `req` serializer with the URL of `loggedUrl`: same fields as Fastify's own. */
export function serializeRequest(req: LoggedRequest) {
  return {
    method: req.method,
    url: typeof req.url === 'string' ? loggedUrl(req.url, req.params) : undefined,
    version: typeof req.headers?.['accept-version'] === 'string' ? req.headers['accept-version'] : undefined,
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}
