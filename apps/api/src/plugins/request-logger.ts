import type { FastifyBaseLogger } from 'fastify';
import type { Bindings, ChildLoggerOptions } from 'fastify/types/logger.js';

type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';
type LogFn = (...args: unknown[]) => void;

/**
 * A request's logger (`request.log`, `reply.log`) that makes pino's child logger only when the request logs
 * something at an enabled level. Making one per request costs ~2–5 % of the API's CPU on the read routes
 * (docs/PERFORMANCE.md, "24 November, third pass"): pino runs the request id binding through the redaction of
 * every `*.secret` path. A request that logs nothing (any request at `warn` and above, unless it fails) never
 * pays for it; one that logs gets the same child, with the same bindings and redaction, as before.
 */
class RequestLogger {
  #child: FastifyBaseLogger | undefined;
  readonly #parent: FastifyBaseLogger & { isLevelEnabled(level: string): boolean };
  readonly #bindings: Bindings;
  readonly #options: ChildLoggerOptions;

  constructor(parent: FastifyBaseLogger, bindings: Bindings, options: ChildLoggerOptions) {
    this.#parent = parent as FastifyBaseLogger & { isLevelEnabled(level: string): boolean };
    this.#bindings = bindings;
    this.#options = options;
  }

  #real(): FastifyBaseLogger {
    this.#child ??= this.#parent.child(this.#bindings, this.#options);
    return this.#child;
  }

  #log(level: Level, args: unknown[]): void {
    if (!this.#child && !this.#parent.isLevelEnabled(level)) return;
    const child = this.#real();
    (child[level] as LogFn).apply(child, args);
  }

  get level(): string {
    return this.#child ? this.#child.level : this.#parent.level;
  }
  set level(level: string) {
    this.#real().level = level;
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
  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.#real().child(bindings, options);
  }
}

/** Fastify's `childLoggerFactory`: a lazy child (above), or pino's own when the route sets a level or serializers. */
export function requestLogger(
  logger: FastifyBaseLogger,
  bindings: Bindings,
  options: ChildLoggerOptions,
): FastifyBaseLogger {
  if (options.level || options.serializers || !('isLevelEnabled' in logger))
    return logger.child(bindings, options);
  return new RequestLogger(logger, bindings, options) as unknown as FastifyBaseLogger;
}
