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
