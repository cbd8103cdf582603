import type { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '../src/db/client.ts';
import { openPglite } from '../src/db/pglite-database.ts';
import { maintainPglite, startPgliteMaintenance } from '../src/db/pglite-maintenance.ts';
import { createTestDatabase } from './helpers/database.ts';

interface TableState {
  dead: number;
  rows: number;
  vacuumed: boolean;
  analyzed: boolean;
}

/** Decision 0128: the embedded database gets the vacuum and analyze PostgreSQL's autovacuum would give it. */
describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('PGlite maintenance', () => {
  let database: Database;
  let client: PGlite;

  beforeAll(async () => {
    database = await createTestDatabase();
    if (!('pglite' in database.jobConnection)) throw new Error('a PGlite database was expected');
    client = database.jobConnection.pglite;
    // Whatever migrating and cloning left due, so each test sees only its own tables' changes.
    await maintainPglite(client);
  });
  afterAll(() => database.close());

  const state = async (table: string): Promise<TableState> => {
    await client.query('select pg_stat_force_next_flush()');
    const { rows } = await client.query<TableState>(
      `select s.n_dead_tup::int as dead, c.reltuples::int as rows,
              s.last_vacuum is not null as vacuumed, s.last_analyze is not null as analyzed
         from pg_stat_all_tables s join pg_class c on c.oid = s.relid
        where s.schemaname = 'public' and s.relname = $1`,
      [table],
    );
    if (!rows[0]) throw new Error(`no table ${table}`);
    return rows[0];
  };
  /** The test database's client with `query` or `exec` replaced (the two calls a pass makes). */
  const clientWith = (parts: { query?: PGlite['query']; exec?: PGlite['exec'] }) =>
    ({
      query: parts.query ?? ((...args: Parameters<PGlite['query']>) => client.query(...args)),
      exec: parts.exec ?? ((...args: Parameters<PGlite['exec']>) => client.exec(...args)),
    }) as PGlite;
  /** Waits until a pass has logged `table` among the tables it vacuumed. */
  const loggedVacuumOf = (log: { info: ReturnType<typeof vi.fn> }, table: string) =>
    vi.waitFor(() =>
      expect(log.info).toHaveBeenCalledWith(
        expect.objectContaining({ vacuumed: expect.arrayContaining([`public.${table}`]) }),
        'database maintenance',
      ),
    );
  const makeTable = (name: string, rows: number) =>
    client.exec(`create table ${name} (id int primary key, note text);
                 insert into ${name} select n, 'row ' || n from generate_series(1, ${rows}) n;`);

  it('vacuums a table with dead rows past the threshold, analyzes one changed past it, and leaves the rest', async () => {
    await makeTable('churned', 600);
    await makeTable('quiet', 20);
    // The inserts: churned's 600 are past the analyze threshold (50 + 0.1 × rows), not the insert one (1,000 +
    // 0.2 × rows); quiet's 20 past neither.
    const settle = await maintainPglite(client);
    expect(settle).toMatchObject({ vacuumed: [], analyzed: expect.arrayContaining(['public.churned']) });
    expect(settle.analyzed).not.toContain('public.quiet');
    // Then 500 of churned's 600 rows dead (past 50 + 0.2 × 600), and 10 more of quiet's rows changed (30 in all).
    await client.exec(
      `delete from churned where id > 100; update quiet set note = 'changed' where id <= 10;`,
    );
    expect(await state('churned')).toMatchObject({ dead: 500, vacuumed: false });

    const pass = await maintainPglite(client);

    expect(pass.vacuumed).toContain('public.churned');
    expect(pass.vacuumed).not.toContain('public.quiet');
    expect(pass.analyzed).not.toContain('public.quiet');
    expect(await state('churned')).toEqual({ dead: 0, rows: 100, vacuumed: true, analyzed: true });
    expect(await state('quiet')).toMatchObject({ vacuumed: false, analyzed: false });
    // Nothing is due until the tables change again.
    const again = await maintainPglite(client);
    expect([...again.vacuumed, ...again.analyzed].filter((name) => name.startsWith('public.'))).toEqual([]);
  });

  it('gives an insert-only table its statistics and a vacuum once past the insert threshold', async () => {
    await makeTable('appended', 1_500);
    expect(await state('appended')).toMatchObject({ rows: -1, vacuumed: false, analyzed: false });

    const pass = await maintainPglite(client);

    expect(pass.vacuumed).toContain('public.appended');
    expect(await state('appended')).toEqual({ dead: 0, rows: 1_500, vacuumed: true, analyzed: true });
  });

  it("checkpoints as the checkpointer would: once the log passes the embedded server's size, or after the timeout if anything was written", async () => {
    // The API's own PGlite settings (the log's size among them), in a database of the test's own.
    const own = await openPglite('memory://');
    const checkpoint = async () =>
      (await own.query<{ lsn: string }>('select checkpoint_lsn::text as lsn from pg_control_checkpoint()'))
        .rows[0]?.lsn;
    const logFiles = async () =>
      (await own.query<{ files: number }>('select count(*)::int as files from pg_ls_waldir()')).rows[0]
        ?.files;
    try {
      await own.exec('create table written (id serial primary key, note text)');
      await maintainPglite(own);
      const first = await checkpoint();
      // A little written: no checkpoint yet, and none when the timeout has passed with nothing more written.
      await own.exec(`insert into written (note) select repeat('x', 100) from generate_series(1, 100)`);
      expect((await maintainPglite(own)).checkpoint).toBe(false);
      expect(await checkpoint()).toBe(first);
      const later = new Date(Date.now() + 6 * 60_000);
      expect((await maintainPglite(own, later)).checkpoint).toBe(true);
      const timed = await checkpoint();
      expect(timed).not.toBe(first);
      expect((await maintainPglite(own, new Date(Date.now() + 12 * 60_000))).checkpoint).toBe(false);

      // Past the size (64 MB / 1.9): checkpointed, and the log's old segments are reused or removed, not kept.
      for (let round = 0; round < 4; round++)
        await own.exec(`insert into written (note) select repeat('x', 200) from generate_series(1, 40000)`);
      const before = await logFiles();
      const pass = await maintainPglite(own);
      expect(pass.checkpoint).toBe(true);
      expect(await checkpoint()).not.toBe(timed);
      for (let round = 0; round < 4; round++)
        await own.exec(`insert into written (note) select repeat('x', 200) from generate_series(1, 40000)`);
      await maintainPglite(own);
      expect(await logFiles()).toBeLessThanOrEqual(before ?? 0);
    } finally {
      await own.close();
    }
  });

  it('runs a pass at start and again after each interval, logs what it did, and none after stop()', async () => {
    const log = { info: vi.fn(), warn: vi.fn() };
    await makeTable('first_batch', 1_200);
    const maintenance = startPgliteMaintenance(client, { intervalSeconds: 0.05, log });
    try {
      await loggedVacuumOf(log, 'first_batch');
      await makeTable('second_batch', 1_200);
      await loggedVacuumOf(log, 'second_batch');
    } finally {
      await maintenance.stop();
    }
    await makeTable('after_stop', 1_200);
    await new Promise((done) => setTimeout(done, 300));
    expect(await state('after_stop')).toMatchObject({ vacuumed: false, analyzed: false });
    expect(log.warn).not.toHaveBeenCalled();
  });

  it('logs a failed pass and runs the next one as planned', async () => {
    const log = { info: vi.fn(), warn: vi.fn() };
    let failures = 1;
    const flaky = clientWith({
      query: (...args) => {
        if (failures-- > 0) return Promise.reject(new Error('the connection went away'));
        return client.query(...args);
      },
    });
    await makeTable('after_failure', 1_200);
    const maintenance = startPgliteMaintenance(flaky, { intervalSeconds: 0.05, log });
    try {
      await loggedVacuumOf(log, 'after_failure');
    } finally {
      await maintenance.stop();
    }
    expect(log.warn).toHaveBeenCalledTimes(1);
    expect(log.warn).toHaveBeenCalledWith(
      expect.objectContaining({ err: expect.objectContaining({ message: 'the connection went away' }) }),
      'database maintenance: the pass failed; the next one runs as planned',
    );
  });

  it('passes over a table dropped after the pass listed it, and does the rest', async () => {
    await makeTable('dropped_meanwhile', 1_200);
    await makeTable('kept_meanwhile', 1_200);
    const dropping = clientWith({
      exec: async (...args) => {
        if (args[0].includes('public.dropped_meanwhile')) await client.exec('drop table dropped_meanwhile');
        return client.exec(...args);
      },
    });

    const pass = await maintainPglite(dropping);

    expect(pass.vacuumed).toContain('public.kept_meanwhile');
    expect(pass.vacuumed).not.toContain('public.dropped_meanwhile');
    expect(await state('kept_meanwhile')).toMatchObject({ vacuumed: true });
  });

  it('stop() waits for the pass in progress, so the database is not closed under it', async () => {
    let release: () => void = () => {};
    const held = new Promise<void>((done) => {
      release = done;
    });
    let vacuumStarted: () => void = () => {};
    const started = new Promise<void>((done) => {
      vacuumStarted = done;
    });
    const slow = clientWith({
      exec: async (...args) => {
        vacuumStarted();
        await held;
        return client.exec(...args);
      },
    });
    await makeTable('held', 1_200);
    const maintenance = startPgliteMaintenance(slow, {
      intervalSeconds: 60,
      log: { info: vi.fn(), warn: vi.fn() },
    });
    await started;
    let stopped = false;
    const stopping = maintenance.stop().then(() => {
      stopped = true;
    });
    await new Promise((done) => setTimeout(done, 100));
    expect(stopped).toBe(false);
    release();
    await stopping;
    expect(await state('held')).toMatchObject({ vacuumed: true });
  });
});
