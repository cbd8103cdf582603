import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serializeError } from '../src/db/errors.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';

// Issue 8 §4: a failed insert used to log its bound parameters (the argon2id hash, codes, tokens).
describe('database errors are logged without their parameters', () => {
  let t: TestApp;
  const lines: string[] = [];
  beforeAll(async () => {
    t = await createTestApp({
      env: { LOG_LEVEL: 'info' },
      logStream: { write: (line: string) => void lines.push(line) },
    });
    // Force failures where secrets are written: every insert into users and into sessions.
    await t.app.db.execute(
      sql.raw(`create function forced_failure() returns trigger language plpgsql as $$
        begin raise exception 'forced failure for the log test'; end $$`),
    );
    await t.app.db.execute(
      sql.raw(
        'create trigger forced_failure before insert on users for each row execute function forced_failure()',
      ),
    );
  });
  afterAll(() => t.close());

  it('a sign-up whose insert fails logs the failure, but no hash, password, code or e-mail body', async () => {
    const password = 'Secret-Passw0rd-42';
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/identity/sign-up',
      payload: { email: 'logged@example.com', phone_number: '+442079460000', password },
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(500);
    expect(res.body).not.toContain('forced failure');
    const failure = lines.filter((line) => line.includes('forced failure'));
    expect(failure.length).toBeGreaterThan(0);
    for (const line of failure) {
      expect(line).not.toContain('$argon2');
      expect(line).not.toContain(password);
      expect(line).not.toMatch(/params:/);
      expect(line).not.toMatch(/"detail"/);
      // the SQL text is kept (with placeholders), so the failing statement can still be found
      expect(line).toMatch(/insert into \\"users\\"|insert into "users"/);
    }
  });

  it('the serializer drops params, detail and quoted input of data exceptions, at every depth', () => {
    const cause = Object.assign(new Error('invalid input syntax for type uuid: "refresh-token-123"'), {
      code: '22P02',
      detail: 'Failing row contains (a, $argon2id$v=19$secret)',
      where: 'SQL statement',
      table: 'sessions',
    });
    const wrapper = Object.assign(
      new Error(
        'Failed query: insert into "sessions" ("token") values ($1)\nparams: refresh-token-123,$argon2id$v=19$x',
      ),
      { query: 'insert into "sessions" ("token") values ($1)', params: ['refresh-token-123'], cause },
    );
    const text = JSON.stringify(serializeError(wrapper));
    expect(text).not.toContain('refresh-token-123');
    expect(text).not.toContain('$argon2id');
    expect(text).toContain('insert into \\"sessions\\"');
    expect(text).toContain('22P02');
    expect(text).toContain('sessions');
  });
});

// The request log records each request's URL. Links in e-mails and redirects carry secrets in their query (the
// reset code and address of /forgot, the social hand-off of /signin, the provider's code and state at the OIDC
// callback, a signed file link's signature) and the KYC simulator's link carries one in its path: the log keeps
// the path and the names of the query's parameters, never their values (decision 0131).
describe('request URLs are logged without their secrets', () => {
  let t: TestApp;
  let dist: string;
  const lines: string[] = [];
  beforeAll(async () => {
    dist = await mkdtemp(join(tmpdir(), 'portal-dist-'));
    await writeFile(
      join(dist, 'index.html'),
      '<!doctype html><html><body><div id="root"></div></body></html>',
    );
    t = await createTestApp({
      env: { LOG_LEVEL: 'info', PORTAL_DIST: dist },
      logStream: { write: (line: string) => void lines.push(line) },
    });
  });
  afterAll(async () => {
    await t.close();
    await rm(dist, { recursive: true, force: true });
  });

  const page = (url: string, requestId: string) =>
    t.app.inject({ url, headers: { accept: 'text/html', 'x-request-id': requestId } });
  /** The URL the request's "incoming request" line logged. */
  const loggedUrl = (requestId: string) =>
    lines
      .map((line) => JSON.parse(line))
      .find((entry) => entry.reqId === requestId && entry.msg === 'incoming request')?.req?.url as string;

  it('the reset link: /forgot?t=forgot&e=<address>&c=<code>', async () => {
    const res = await page('/forgot?t=forgot&e=reset.owner%40example.com&c=482913', 'log-forgot');
    expect(res.statusCode).toBe(200);
    expect(loggedUrl('log-forgot')).toBe('/forgot?t=[redacted]&e=[redacted]&c=[redacted]');
    for (const line of lines) {
      expect(line).not.toContain('482913');
      expect(line).not.toContain('reset.owner');
    }
  });

  it('the social sign-in hand-off: /signin?social=<user>.<secret>', async () => {
    const secret = 'hand-off-secret-Zq8xV3mK1pL0';
    const res = await page(
      `/signin?social=6f1c2b8e-0d4a-4c39-9b8e-2a7d5c1e9f30.${secret}&redirect=%2Ftransactions`,
      'log-social',
    );
    expect(res.statusCode).toBe(200);
    expect(loggedUrl('log-social')).toBe('/signin?social=[redacted]&redirect=[redacted]');
    for (const line of lines) {
      expect(line).not.toContain(secret);
      expect(line).not.toContain('6f1c2b8e-0d4a-4c39-9b8e-2a7d5c1e9f30');
    }
  });

  it('the OIDC callback, a signed file link and the KYC simulator link', async () => {
    await t.app.inject({
      url: '/api/identity/oidc/callback?code=provider-code-Hk29sl&state=state-Pq71mz',
      headers: { 'x-request-id': 'log-callback' },
    });
    expect(loggedUrl('log-callback')).toBe('/api/identity/oidc/callback?code=[redacted]&state=[redacted]');
    await t.app.inject({
      url: '/api/files?key=reports%2Fa.csv&expires=1&filename=a.csv&contentType=text%2Fcsv&signature=sig-Wm38qa',
      headers: { 'x-request-id': 'log-file' },
    });
    expect(loggedUrl('log-file')).toContain('signature=[redacted]');
    const token = 'kYcT0kEn_abcdefghijklmnopqrstuvwxyz012345678';
    await t.app.inject({
      url: `/api/kyc-simulator/6f1c2b8e-0d4a-4c39-9b8e-2a7d5c1e9f30/${token}`,
      headers: { 'x-request-id': 'log-kyc' },
    });
    expect(loggedUrl('log-kyc')).toBe('/api/kyc-simulator/6f1c2b8e-0d4a-4c39-9b8e-2a7d5c1e9f30/[redacted]');
    for (const line of lines)
      for (const value of ['provider-code-Hk29sl', 'state-Pq71mz', 'sig-Wm38qa', token])
        expect(line).not.toContain(value);
  });
});
