import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redactPaths } from '../src/app.ts';
import { requestLogger } from '../src/plugins/request-logger.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';

// Issue 16 §1: a request's child logger is made only when the request logs (docs/PERFORMANCE.md); what it logs
// is what pino's own child logged: the request id, the redaction of secrets.
describe('the per-request logger', () => {
  const logger = (level: string, lines: string[]) =>
    pino(
      { level, redact: { paths: redactPaths, censor: '[redacted]' } },
      { write: (line: string) => void lines.push(line) },
    );

  /** Counts the children made from `parent` (pino's own child, wrapped). */
  const countChildren = (parent: pino.Logger) => {
    const counter = { made: 0 };
    const child = parent.child;
    parent.child = function (this: typeof parent, ...args: Parameters<typeof child>) {
      counter.made++;
      return child.apply(this, args);
    } as typeof parent.child;
    return counter;
  };

  it('makes no child for a message below the level, and the same child as pino for one at it', () => {
    const lines: string[] = [];
    const parent = logger('warn', lines);
    const children = countChildren(parent);
    const log = requestLogger(parent, { reqId: 'req-1' }, {});
    log.info({ note: 'quiet' }, 'below the level');
    log.debug('below the level too');
    expect(children.made).toBe(0);
    expect(lines).toEqual([]);
    expect(log.level).toBe('warn');
    log.warn({ user: { password: 'Secret-1' } }, 'at the level');
    log.error('above it');
    expect(children.made).toBe(1);
    expect(lines.map((line) => JSON.parse(line))).toMatchObject([
      { reqId: 'req-1', msg: 'at the level', user: { password: '[redacted]' } },
      { reqId: 'req-1', msg: 'above it' },
    ]);
    expect(lines.join('')).not.toContain('Secret-1');
    log.child({ part: 'inner' }).warn('from a grandchild');
    expect(JSON.parse(lines[2] as string)).toMatchObject({ reqId: 'req-1', part: 'inner' });
  });

  it('uses pino’s child at once for a route with its own level', () => {
    const lines: string[] = [];
    const log = requestLogger(logger('warn', lines), { reqId: 'req-2' }, { level: 'info' });
    log.info('route level');
    expect(JSON.parse(lines[0] as string)).toMatchObject({ reqId: 'req-2', msg: 'route level' });
  });

  // Issue 16 review: every member of pino's Logger answers as pino's own child would; the questions about the level
  // need no child, what reads or changes the child's bindings gets pino's child.
  it('answers the level questions and flushes without making a child', async () => {
    const lines: string[] = [];
    const parent = logger('warn', lines);
    const children = countChildren(parent);
    const log = requestLogger(parent, { reqId: 'req-3' }, {}) as unknown as pino.Logger;
    expect(log.isLevelEnabled('info')).toBe(false);
    expect(log.isLevelEnabled('warn')).toBe(true);
    expect(log.isLevelEnabled('fatal')).toBe(true);
    expect(log.levelVal).toBe(40);
    expect(log.levels.values.warn).toBe(40);
    expect(log.levels.labels[50]).toBe('error');
    expect(log.version).toBe(pino.version);
    expect(log.msgPrefix).toBeUndefined();
    const flushed = await new Promise<Error | undefined>((resolve) => log.flush(resolve));
    expect(flushed).toBeUndefined();
    log.silent('never written');
    expect(children.made).toBe(0);
    expect(lines).toEqual([]);
  });

  it('reads and sets bindings on pino’s child, redacting what it writes', () => {
    const lines: string[] = [];
    const parent = logger('warn', lines);
    parent.setBindings({ service: 'api' });
    const log = requestLogger(parent, { reqId: 'req-4' }, {}) as unknown as pino.Logger;
    expect(log.bindings()).toEqual(parent.child({ reqId: 'req-4' }).bindings());
    expect(log.bindings()).toEqual({ service: 'api', reqId: 'req-4' });
    log.setBindings({ merchant: 'm-1', user: { token: 'tok-secret-1' } });
    expect(log.bindings()).toMatchObject({ reqId: 'req-4', merchant: 'm-1' });
    expect(parent.bindings()).toEqual({ service: 'api' });
    log.warn({ card: { pan: '4111111111111111' } }, 'with bindings');
    const [line] = lines.map((entry) => JSON.parse(entry));
    expect(line).toMatchObject({
      service: 'api',
      reqId: 'req-4',
      merchant: 'm-1',
      msg: 'with bindings',
      card: { pan: '[redacted]' },
    });
    expect(lines.join('')).not.toContain('4111111111111111');
    expect(lines.join('')).not.toContain('tok-secret-1');
  });

  it('changes its own level, not the parent’s, and tells a level-change listener', () => {
    const lines: string[] = [];
    const parent = logger('warn', lines);
    const log = requestLogger(parent, { reqId: 'req-5' }, {}) as unknown as pino.Logger;
    const changes: string[] = [];
    log.on('level-change', (level, _value, previous) => changes.push(`${previous}->${level}`));
    log.level = 'debug';
    expect(log.level).toBe('debug');
    expect(log.levelVal).toBe(20);
    expect(log.isLevelEnabled('debug')).toBe(true);
    expect(parent.level).toBe('warn');
    expect(changes).toEqual(['warn->debug']);
    log.debug({ password: 'Secret-2' }, 'now written');
    parent.debug('the parent stays at warn');
    expect(lines.map((line) => JSON.parse(line))).toMatchObject([
      { reqId: 'req-5', level: 20, msg: 'now written', password: '[redacted]' },
    ]);
    expect(lines).toHaveLength(1);
  });

  it('makes a child with its own level under the request’s bindings', () => {
    const lines: string[] = [];
    const log = requestLogger(logger('warn', lines), { reqId: 'req-6' }, {}) as unknown as pino.Logger;
    const inner = log.child({ part: 'inner' }, { level: 'info' });
    inner.info({ clientSecret: 'hidden-1' }, 'from the grandchild');
    log.info('the request logger stays at warn');
    expect(lines.map((line) => JSON.parse(line))).toEqual([
      expect.objectContaining({
        reqId: 'req-6',
        part: 'inner',
        msg: 'from the grandchild',
        clientSecret: '[redacted]',
      }),
    ]);
    expect(inner.bindings()).toEqual({ reqId: 'req-6', part: 'inner' });
  });

  it('uses pino’s child at once for a route with its own serializers', () => {
    const lines: string[] = [];
    const log = requestLogger(
      logger('warn', lines),
      { reqId: 'req-7' },
      { serializers: { thing: (value: { id: string }) => ({ id: value.id }) } },
    );
    log.warn({ thing: { id: 't-1', pan: '4111111111111111' } }, 'serialized');
    expect(JSON.parse(lines[0] as string)).toMatchObject({ reqId: 'req-7', thing: { id: 't-1' } });
    expect(lines[0]).not.toContain('4111111111111111');
  });

  describe('in the app, at info', () => {
    let t: TestApp;
    const lines: string[] = [];
    beforeAll(async () => {
      t = await createTestApp({
        env: { LOG_LEVEL: 'info' },
        logStream: { write: (line: string) => void lines.push(line) },
      });
    });
    afterAll(() => t.close());

    it("logs each request's start and end with its request id", async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/healthz',
        headers: { 'x-request-id': 'logged-request-1' },
      });
      expect(res.statusCode).toBe(200);
      const own = lines.map((line) => JSON.parse(line)).filter((entry) => entry.reqId === 'logged-request-1');
      expect(own.map((entry) => entry.msg)).toEqual(['incoming request', 'request completed']);
    });
  });
});
