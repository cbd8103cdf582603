import type { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { PgliteSession, PgliteTransaction } from 'drizzle-orm/pglite/session';
import { type Database, type Db, migrationsFolder, partsOf, type Tx } from './client.ts';
import * as schema from './schema/index.ts';

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
