import type { PGlite } from '@electric-sql/pglite';

/**
 * PostgreSQL's autovacuum and checkpointer for the embedded database (docs/decisions/0128). PGlite runs PostgreSQL as
 * one backend inside this process, with neither of those processes, so without this nothing ever vacuums, analyzes or
 * checkpoints it: the dead rows of updates, deletes and pg-boss's finished jobs stay in the tables and their indexes,
 * old transaction ids are never frozen, the planner guesses every table's size (a deep keyset page of the
 * transactions read 3,600 rows and sorted them instead of reading 50 by the index), and the write-ahead log grows for
 * as long as the process runs (in memory with `memory://`) and is replayed whole after a crash (docs/PERFORMANCE.md,
 * "Session 30").
 *
 * A pass reads the statistics PostgreSQL keeps anyway and applies autovacuum's rule with the server's own settings:
 * VACUUM (ANALYZE) a table whose dead rows exceed `autovacuum_vacuum_threshold` + `autovacuum_vacuum_scale_factor`
 * × its rows, whose rows inserted since its last vacuum exceed the insert threshold and scale factor likewise, or
 * whose oldest unfrozen transaction id is older than `autovacuum_freeze_max_age`; ANALYZE one whose rows changed
 * since its last analyze exceed `autovacuum_analyze_threshold` + `autovacuum_analyze_scale_factor` × its rows. One
 * table per statement: PGlite runs one statement at a time, so a request waits for at most one table's work. Then the
 * checkpointer's rule: CHECKPOINT when the log written since the last checkpoint's redo point reaches
 * `max_wal_size` / (1 + `checkpoint_completion_target`), or when `checkpoint_timeout` has passed since it and anything
 * was written since (PGLITE_SETTINGS sizes the log for an embedded database).
 */
const DUE_TABLES = `
  with settings as (
    select current_setting('autovacuum_vacuum_threshold')::float8 as vacuum_base,
           current_setting('autovacuum_vacuum_scale_factor')::float8 as vacuum_scale,
           current_setting('autovacuum_vacuum_insert_threshold')::float8 as insert_base,
           current_setting('autovacuum_vacuum_insert_scale_factor')::float8 as insert_scale,
           current_setting('autovacuum_analyze_threshold')::float8 as analyze_base,
           current_setting('autovacuum_analyze_scale_factor')::float8 as analyze_scale,
           current_setting('autovacuum_freeze_max_age')::float8 as freeze_max_age
  ), tables as (
    select format('%I.%I', s.schemaname, s.relname) as name,
           greatest(c.reltuples, 0) as rows, s.n_dead_tup, s.n_ins_since_vacuum, s.n_mod_since_analyze,
           age(c.relfrozenxid) as xid_age
      from pg_stat_all_tables s
      join pg_class c on c.oid = s.relid
     where c.relkind in ('r', 'm') and s.schemaname <> 'pg_toast' and s.schemaname not like 'pg_temp%'
  ), judged as (
    select name,
           n_dead_tup > vacuum_base + vacuum_scale * rows
             or (insert_base >= 0 and n_ins_since_vacuum > insert_base + insert_scale * rows)
             or xid_age > freeze_max_age as vacuum,
           n_mod_since_analyze > analyze_base + analyze_scale * rows as analyze_due
      from tables, settings
  )
  select name, vacuum from judged where vacuum or analyze_due order by name`;

const CHECKPOINT_DUE = `
  with settings as (
    select max(setting::float8) filter (where name = 'max_wal_size') * 1048576 as max_wal_bytes,
           max(setting::float8) filter (where name = 'checkpoint_completion_target') as completion_target,
           max(setting::float8) filter (where name = 'checkpoint_timeout') as timeout_seconds
      from pg_settings where name in ('max_wal_size', 'checkpoint_completion_target', 'checkpoint_timeout')
  ), log as (
    select pg_wal_lsn_diff(pg_current_wal_insert_lsn(), c.redo_lsn)::float8 as since_redo,
           pg_wal_lsn_diff(pg_current_wal_insert_lsn(), c.checkpoint_lsn)::float8 as since_checkpoint,
           extract(epoch from $1::timestamptz - c.checkpoint_time)::float8 as seconds
      from pg_control_checkpoint() c
  )
  select since_redo >= max_wal_bytes / (1 + completion_target)
           -- the checkpoint record itself is a few hundred bytes: more than that is something written since
           or (seconds >= timeout_seconds and since_checkpoint > 1024) as due
    from log, settings`;

const UNDEFINED_TABLE = '42P01';

export interface MaintenancePass {
  /** Tables vacuumed (and analyzed with it), as `schema.table`. */
  vacuumed: string[];
  /** Tables only analyzed. */
  analyzed: string[];
  /** Whether the pass ended with a checkpoint. */
  checkpoint: boolean;
  milliseconds: number;
}

/** One pass: every table autovacuum would have picked by now, then a checkpoint if the checkpointer's would be due. */
export async function maintainPglite(
  client: PGlite,
  /** The time the checkpoint timeout is measured to (tests move it on). */
  now: Date = new Date(),
): Promise<MaintenancePass> {
  const started = performance.now();
  // A backend sends its table counters to the statistics PGlite reads here when it goes idle, which PGlite's
  // backend never does: asked to, it sends them as this statement ends.
  await client.query('select pg_stat_force_next_flush()');
  const { rows } = await client.query<{ name: string; vacuum: boolean }>(DUE_TABLES);
  const pass: MaintenancePass = { vacuumed: [], analyzed: [], checkpoint: false, milliseconds: 0 };
  for (const { name, vacuum } of rows) {
    try {
      // VACUUM cannot run inside a transaction block; exec sends it alone, after whatever transaction holds PGlite.
      await client.exec(vacuum ? `vacuum (analyze) ${name}` : `analyze ${name}`);
    } catch (error) {
      // Dropped since the list was read (pg-boss drops a deleted queue's table): nothing left to do for it.
      if ((error as { code?: unknown }).code === UNDEFINED_TABLE) continue;
      throw error;
    }
    (vacuum ? pass.vacuumed : pass.analyzed).push(name);
  }
  const [checkpoint] = (await client.query<{ due: boolean }>(CHECKPOINT_DUE, [now.toISOString()])).rows;
  if (checkpoint?.due) {
    await client.exec('checkpoint');
    pass.checkpoint = true;
  }
  pass.milliseconds = performance.now() - started;
  return pass;
}

export interface PgliteMaintenance {
  /** Stops the passes; waits for one in progress, so the database can be closed after it. */
  stop(): Promise<void>;
}

/**
 * A pass now and then every `intervalSeconds` after the previous one ends (`autovacuum_naptime` is a minute), until
 * `stop()`. A failed pass is logged and the next one runs as planned.
 */
export function startPgliteMaintenance(
  client: PGlite,
  options: {
    intervalSeconds: number;
    log: {
      info(details: object, message: string): void;
      warn(details: object, message: string): void;
    };
  },
): PgliteMaintenance {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  let stopped = false;

  const pass = async () => {
    try {
      const done = await maintainPglite(client);
      if (done.vacuumed.length > 0 || done.analyzed.length > 0 || done.checkpoint)
        options.log.info({ ...done, milliseconds: Math.round(done.milliseconds) }, 'database maintenance');
    } catch (error) {
      options.log.warn({ err: error }, 'database maintenance: the pass failed; the next one runs as planned');
    }
    if (!stopped) schedule(options.intervalSeconds * 1000);
  };
  const schedule = (delay: number) => {
    timer = setTimeout(() => {
      running = pass();
    }, delay);
    timer.unref();
  };

  schedule(0);
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
