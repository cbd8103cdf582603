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
