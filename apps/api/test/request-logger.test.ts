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

  it('makes no child for a message below the level, and the same child as pino for one at it', () => {
    const lines: string[] = [];
    const parent = logger('warn', lines);
    let children = 0;
    const child = parent.child;
    parent.child = function (this: typeof parent, ...args: Parameters<typeof child>) {
      children++;
      return child.apply(this, args);
    } as typeof parent.child;
    const log = requestLogger(parent, { reqId: 'req-1' }, {});
    log.info({ note: 'quiet' }, 'below the level');
    log.debug('below the level too');
    expect(children).toBe(0);
    expect(lines).toEqual([]);
    expect(log.level).toBe('warn');
    log.warn({ user: { password: 'Secret-1' } }, 'at the level');
    log.error('above it');
    expect(children).toBe(1);
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
