import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { PgliteSession, PgliteTransaction } from 'drizzle-orm/pglite/session';
import { type Database, type Db, migrationsFolder, partsOf, type Tx } from './client.ts';
import { lockDataDir } from './data-dir-lock.ts';
import * as schema from './schema/index.ts';

/**
 * PGlite's embedded server runs with 128 MB of shared buffers by default, allocated and written at start in its
 * WebAssembly memory, which never shrinks: ~150 MiB resident before the first query. The buffers cache pages
 * that are already in memory (MEMFS) or in the OS's page cache (a data directory), so 16 MB is enough; work_mem
 * (4 MB) and temp_buffers (8 MB) stay PGlite's defaults. Measured in docs/PERFORMANCE.md, "Memory".
 * The write-ahead log is sized for that: the maintenance pass checkpoints once 64 / 1.9 ≈ 34 MB has been written
 * since the last checkpoint (PostgreSQL's 1 GB would let ~540 MB pile up, in memory with `memory://`, and be replayed
 * after a crash), and keeps 32 MB of old segments for reuse (decision 0128).
 */
export const PGLITE_SETTINGS: readonly string[] = [
  '-c',
  'shared_buffers=16MB',
  '-c',
  'max_wal_size=64MB',
  '-c',
  'min_wal_size=32MB',
];

/**
 * A PGlite in `dataDir` (`memory://` for one in memory) with PGLITE_SETTINGS, ready for queries. A folder is locked
 * for this process until `close()` (data-dir-lock.ts): opening one another process has open throws DataDirInUseError.
 */
export async function openPglite(dataDir: string): Promise<PGlite> {
  const release = dataDir.startsWith('memory://') ? () => {} : lockDataDir(dataDir);
  try {
    const client = new PGlite(dataDir, { startParams: [...PGlite.defaultStartParams, ...PGLITE_SETTINGS] });
    await client.waitReady;
    const close = client.close.bind(client);
    client.close = async () => {
      try {
        await close();
      } finally {
        release();
      }
    };
    return client;
  } catch (error) {
    release();
    throw error;
  }
}

/**
 * A Database on an open PGlite. Its own module, imported by `openDatabase` only when there is no DATABASE_URL, so a
 * process on PostgreSQL never loads PGlite or its Drizzle driver.
 */
export function fromPglite(client: PGlite): Database {
  const db = drizzlePglite(client, { schema });
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    jobConnection: { pglite: client },
    migrate: () => migratePglite(drizzlePglite(client), { migrationsFolder }),
    ping: async () => {
      await client.query('select 1');
    },
    // PGlite runs one statement at a time in one session; its own transaction() keeps every other caller out
    // until commit, and the setup runs as one call.
    transactionWith: (setup, fn) =>
      client.transaction(async (pgliteTx) => {
        await pgliteTx.exec(setup);
        const { dialect, session: base } = partsOf(db);
        const session = new PgliteSession(pgliteTx as unknown as PGlite, dialect, base.schema, base.options);
        return fn(new PgliteTransaction(dialect, session, base.schema) as unknown as Tx);
      }),
    // One statement, as on PostgreSQL (where a second one would run after the commit): refused here too, so
    // code that works on PGlite works there.
    readWith: (setup, fn) =>
      client.transaction(async (pgliteTx) => {
        await pgliteTx.exec(setup);
        let used = false;
        const oneStatement = Object.create(pgliteTx, {
          query: {
            value(...args: unknown[]) {
              if (used) throw new Error('readWith runs exactly one statement');
              used = true;
              return (pgliteTx.query as (...a: unknown[]) => unknown)(...args);
            },
          },
        }) as PGlite;
        const { dialect, session: base } = partsOf(db);
        const session = new PgliteSession(oneStatement, dialect, base.schema, base.options);
        return fn(new PgliteTransaction(dialect, session, base.schema) as unknown as Tx);
      }),
    async batch<T>(statements: string) {
      const results = await client.exec(statements);
      return (results[results.length - 1]?.rows ?? []) as T[];
    },
    close: () => client.close(),
  };
}
