import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { NodePgSession, NodePgTransaction } from 'drizzle-orm/node-postgres/session';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { markConnectFailure } from './errors.ts';
import { copyPlainQueryConfigs, shareResultRowTemplates } from './pg-result.ts';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
/** One type for both drivers: repositories never know which database they talk to. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle; repositories take it wherever they take `Db`. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** What a hand-made transaction handle needs of a Drizzle database (the session's fields are private in its types). */
export interface DrizzleParts {
  dialect: ConstructorParameters<typeof NodePgSession>[1];
  session: { schema: ConstructorParameters<typeof NodePgSession>[2]; options: object };
}
export const partsOf = (db: unknown) => db as DrizzleParts;

export const migrationsFolder = resolve(dirname(fileURLToPath(import.meta.url)), 'migrations');

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** What the job queue (src/jobs) connects through: its own pool on PostgreSQL, the same PGlite instance. */
  jobConnection: { connectionString: string } | { pglite: PGlite };
  migrate(): Promise<void>;
  /** Cheap round trip used by /readyz. */
  ping(): Promise<void>;
  /**
   * A transaction whose first round trip is `begin` followed by `setup` (statements without parameters, e.g.
   * the tenant context), so the context costs no round trip of its own (docs/PERFORMANCE.md).
   */
  transactionWith<T>(setup: string, fn: (tx: Tx) => Promise<T>): Promise<T>;
  /**
   * A transaction of exactly one statement: on PostgreSQL `begin` with `setup`, the statement and `commit` leave
   * together and come back together (one round trip, node-postgres pipeline mode); a second statement is refused,
   * since it would run after the commit. On PGlite, `transactionWith`.
   */
  readWith<T>(setup: string, fn: (tx: Tx) => Promise<T>): Promise<T>;
  /**
   * PostgreSQL only (absent on PGlite, where a round trip costs nothing): `first` (statements without
   * parameters) and then `fn`'s one statement in one READ ONLY transaction whose `begin`, `setup`, `first`, the
   * statement and `commit` leave together and come back together (one round trip). Answers `first`'s last
   * statement's rows and what `fn` settled to, so the caller can drop `fn`'s answer unread (the access check
   * and a route's read, src/access/route-access.ts). Fails only when `first` (or the transaction) does.
   */
  readAfter?<F, T>(
    setup: string,
    first: string,
    fn: (tx: Tx) => Promise<T>,
  ): Promise<{ first: F[]; settled: PromiseSettledResult<T> }>;
  /**
   * Several statements without parameters in one round trip (simple query protocol); PostgreSQL runs them as
   * one implicit transaction, so `set local` holds until the last one. Answers the last statement's rows.
   */
  batch<T>(statements: string): Promise<T[]>;
  /**
   * PostgreSQL only (absent on PGlite, which has no COPY to a client): a transaction like `transactionWith` in
   * which `fn` may also stream `COPY (…) TO STDOUT` on the transaction's own connection (pg-copy-streams, loaded
   * on first use). Any failure ends the connection instead of rolling back over it (a COPY may still be
   * flowing): the server rolls the transaction back when the connection closes.
   */
  copyTransactionWith?<T>(
    setup: string,
    fn: (tx: Tx, copyOut: (statement: string) => CopyOutStream) => Promise<T>,
  ): Promise<T>;
  close(): Promise<void>;
}

/** The rows of a `COPY … TO STDOUT` as they arrive; `rowCount` holds the rows COPY reported once it ends. */
export type CopyOutStream = Readable & { rowCount: number };

let lastReport = 0;
/** One line per second at most: a cut connection makes every pooled client report at once. */
function reportConnectionError(error: Error) {
  const now = Date.now();
  if (now - lastReport < 1000) return;
  lastReport = now;
  process.stderr.write(`database: a connection was closed: ${error.message}\n`);
}

/**
 * Issue 8 §2: a `pg` client with an 'error' listener from birth, so a connection cut while the client is
 * checked out (mid-request, mid-transaction) never becomes an unhandled 'error' event that ends the process;
 * the query in flight fails (503), the pool discards the dead client on release. Errors while connecting are
 * marked, so the error handler answers 503 whatever PostgreSQL said (shutting down, not accepting connections).
 */
function isBegin(query: unknown): boolean {
  const text = typeof query === 'string' ? query : (query as { text?: unknown } | null)?.text;
  return typeof text === 'string' && /^\s*begin\b/i.test(text);
}

type ConnectCallback = ((err: Error) => void) | ((err: null, client: pg.Client) => void);

class ResilientClient extends pg.Client {
  constructor(config?: string | pg.ClientConfig) {
    super(config);
    this.on('error', reportConnectionError);
    // drizzle's node-postgres transaction runs `begin` before its try/finally, so a `begin` that fails (the
    // connection died while the client sat in the pool) never releases the client: a few cuts would leak the
    // whole pool and every later request would wait for ever. Release it here, with the error (the pool then
    // discards it); drizzle never reaches its own release in that case.
    const query = this.query.bind(this) as (...args: unknown[]) => unknown;
    this.query = ((...args: unknown[]) => {
      const result = query(...args);
      if (!isBegin(args[0]) || !(result instanceof Promise)) return result;
      return result.catch((error: unknown) => {
        const checkedOut = this as unknown as { release?: (err?: Error) => void };
        if (typeof checkedOut.release === 'function') {
          const release = checkedOut.release;
          checkedOut.release = () => undefined;
          release(error instanceof Error ? error : new Error(String(error)));
        }
        throw error;
      });
    }) as typeof this.query;
  }

  override connect(): Promise<pg.Client>;
  override connect(callback: ConnectCallback): void;
  override connect(callback?: ConnectCallback): Promise<pg.Client> | void {
    if (callback) {
      const done = callback as (err: Error | null, client?: pg.Client) => void;
      super.connect((err: Error | null) => (err ? done(markConnectFailure(err)) : done(null, this)));
      return;
    }
    return super.connect().catch((err: unknown) => {
      throw markConnectFailure(err);
    });
  }
}

/** PostgreSQL when a URL is given, else PGlite in `dataDir` (`memory://` for an in-memory one). */
export async function openDatabase(options: {
  url?: string;
  dataDir: string;
  /** PostgreSQL connections at most (DATABASE_POOL_SIZE); 10 unless given. */
  poolSize?: number;
}): Promise<Database> {
  if (options.url) {
    shareResultRowTemplates();
    copyPlainQueryConfigs();
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.poolSize ?? 10,
      Client: ResilientClient,
      // Unreachable database: fail the request (503) instead of letting it wait for ever.
      connectionTimeoutMillis: 3000,
    });
    // An idle connection can be cut by the server (a restart, a terminated backend); pg then emits 'error' on
    // the pool, which without a listener ends the process. The pool replaces the connection on the next query.
    pool.on('error', reportConnectionError);
    pool.on('connect', batchWrites);
    const db = drizzlePg(pool, { schema });
    /**
     * A transaction of exactly one statement (`fn`'s): `opening` (`begin; …`), the statement and `commit` leave
     * together and come back together (pipeline mode); a second statement is refused, since it would run after
     * the commit. Answers `opening`'s results too.
     */
    async function oneRoundTrip<T>(
      opening: string,
      fn: (tx: Tx) => Promise<T>,
    ): Promise<{ opened: pg.QueryResult | pg.QueryResult[]; result: T }> {
      const client = await pool.connect();
      let broken: Error | undefined;
      pipelined(client, true);
      const begun = client.query(opening) as Promise<pg.QueryResult | pg.QueryResult[]>;
      begun.catch(() => undefined);
      let ended: Promise<unknown> | undefined;
      // The statement's client: its one query is followed at once by `commit`, before any answer came back.
      // (Assigned, not defined with a property descriptor: that made the object a slow dictionary per request.)
      const oneStatement = Object.create(client) as pg.PoolClient;
      oneStatement.query = ((...args: unknown[]) => {
        if (ended) throw new Error('readWith runs exactly one statement');
        const answer = (client.query as (...a: unknown[]) => Promise<unknown>)(...args);
        ended = client.query('commit');
        ended.catch(() => undefined);
        return answer;
      }) as pg.PoolClient['query'];
      try {
        const tx = transactionHandle(db, oneStatement);
        let result: Awaited<ReturnType<typeof fn>>;
        try {
          result = await fn(tx);
        } finally {
          // Whatever happened, the transaction ends: its commit (a rollback after a failed statement) or now.
          await (ended ?? client.query('rollback'));
        }
        return { opened: await begun, result };
      } catch (error) {
        await begun; // the opening's own error first, if that is what failed
        if (!(error instanceof Error) || !('severity' in error)) broken = error as Error;
        throw error;
      } finally {
        pipelined(client, false);
        client.release(broken);
      }
    }
    return {
      db: db as unknown as Db,
      kind: 'postgres',
      jobConnection: { connectionString: options.url },
      migrate: () => migratePg(drizzlePg(pool), { migrationsFolder }),
      ping: async () => {
        await pool.query('select 1');
      },
      async transactionWith(setup, fn) {
        const client = await pool.connect();
        let broken: Error | undefined;
        pipelined(client, true);
        try {
          // Not awaited: the transaction's first statement leaves with its `begin` (pipeline). If the setup
          // failed, the transaction is aborted and that statement fails too; it never runs without the context.
          const begun = client.query(`begin; ${setup}`);
          begun.catch(() => undefined);
          const tx = transactionHandle(db, client);
          try {
            const result = await fn(tx);
            await begun;
            await client.query('commit');
            return result;
          } catch (error) {
            await client.query('rollback');
            await begun; // the setup's own error first, if that is what failed
            throw error;
          }
        } catch (error) {
          // A connection that failed mid-transaction is not given back to the pool.
          if (!(error instanceof Error) || !('severity' in error)) broken = error as Error;
          throw error;
        } finally {
          pipelined(client, false);
          client.release(broken);
        }
      },
      async readWith(setup, fn) {
        return (await oneRoundTrip(`begin; ${setup}`, fn)).result;
      },
      async readAfter<F, T>(setup: string, first: string, fn: (tx: Tx) => Promise<T>) {
        // Set by `fn`'s settling; the error for an `fn` that never ran is made only then (an Error's stack
        // trace, made on every request, was 3.8 % of the API's CPU on GET …/users: docs/PERFORMANCE.md).
        let settled: PromiseSettledResult<T> | undefined;
        const { opened } = await oneRoundTrip(
          `begin transaction read only; ${setup}; ${first}`,
          async (tx) => {
            try {
              settled = { status: 'fulfilled', value: await fn(tx) };
            } catch (reason) {
              settled = { status: 'rejected', reason };
            }
          },
        );
        const last = Array.isArray(opened) ? opened[opened.length - 1] : opened;
        return {
          first: (last?.rows ?? []) as F[],
          settled: settled ?? { status: 'rejected', reason: new Error('readAfter: no statement') },
        };
      },
      async copyTransactionWith(setup, fn) {
        const { to: copyTo } = await import('pg-copy-streams');
        const client = await pool.connect();
        const streams: CopyOutStream[] = [];
        try {
          await client.query(`begin; ${setup}`);
          const tx = transactionHandle(db, client);
          const result = await fn(tx, (statement) => {
            const stream = client.query(copyTo(statement)) as CopyOutStream;
            streams.push(stream);
            return stream;
          });
          await client.query('commit');
          client.release();
          return result;
        } catch (error) {
          // A COPY that `fn` gave up on before reading it (the file store failed first, say) is still open on the
          // connection destroyed below: its "Connection terminated" then has no reader, and a stream's 'error'
          // without a listener ends the process. The failure itself is `error`, thrown on.
          for (const stream of streams) stream.on('error', () => {});
          client.release(error instanceof Error ? error : new Error(String(error)));
          throw error;
        }
      },
      async batch<T>(statements: string) {
        const results = (await pool.query(statements)) as unknown as pg.QueryResult | pg.QueryResult[];
        const last = Array.isArray(results) ? results[results.length - 1] : results;
        return (last?.rows ?? []) as T[];
      },
      close: () => pool.end(),
    };
  }
  if (!options.dataDir.startsWith('memory://'))
    mkdirSync(dirname(resolve(options.dataDir)), { recursive: true });
  // Loaded only here: on PostgreSQL the process never loads PGlite, its WASM or its Drizzle driver (issue 16 §2).
  const { fromPglite, openPglite } = await import('./pglite-database.ts');
  return fromPglite(await openPglite(options.dataDir));
}

/**
 * A Drizzle transaction handle on a checked-out client. Drizzle's constructor builds a relational query
 * builder for every table of the schema (`tx.query.<table>`), about 4 % of the API's CPU per request on a
 * one-statement read (docs/PERFORMANCE.md); nothing here uses them, so they are built only if a table of
 * `query` is read. The handle's fields are assigned, not redefined: redefining them with property descriptors
 * (as before session 14) turned every handle into a slow dictionary-mode object, ~1 % of the request path.
 */
function transactionHandle(db: unknown, client: pg.PoolClient): Tx {
  const { dialect, session: base } = partsOf(db);
  const session = new NodePgSession(client, dialect, base.schema, base.options);
  const tx = new NodePgTransaction(dialect, session, undefined) as unknown as {
    schema: RelationalSchema | undefined;
    _: object;
    query: object;
  };
  const relational = base.schema as RelationalSchema | undefined;
  tx.schema = relational;
  if (relational) tx._ = { ...relational, session };
  type Tables = Record<string | symbol, unknown>;
  let query: Tables | undefined;
  tx.query = new Proxy(
    {},
    {
      get: (_target, table) => {
        if (!query) query = new NodePgTransaction(dialect, session, relational).query as Tables;
        return query[table];
      },
    },
  );
  return tx as unknown as Tx;
}
type RelationalSchema = NonNullable<ConstructorParameters<typeof NodePgTransaction>[2]>;

/**
 * node-postgres's pipeline mode, for one checked-out client while a transaction of ours holds it: queries leave
 * without waiting for the previous answer and the answers are matched in order. Off again before the client goes
 * back to the pool (every query of ours has been answered by then), so nothing else sees it.
 */
function pipelined(client: pg.PoolClient, on: boolean): void {
  (client as unknown as { pipeline: boolean }).pipeline = on;
}

/**
 * node-postgres writes each protocol message of a query (parse, bind, describe, execute, sync) to the socket
 * on its own: five system calls per statement, a third of the request path's CPU in a profile. Corking the
 * socket until the end of the tick sends what one query (or a begin with its context) writes as one packet.
 */
function batchWrites(client: pg.PoolClient): void {
  const connection = (client as unknown as { connection: PgConnection }).connection;
  const send = connection._send.bind(connection);
  let corked = false;
  connection._send = (buffer) => {
    if (!corked && connection.stream.writable) {
      corked = true;
      connection.stream.cork();
      process.nextTick(() => {
        corked = false;
        connection.stream.uncork();
      });
    }
    return send(buffer);
  };
}
interface PgConnection {
  stream: NodeJS.WritableStream & { cork(): void; uncork(): void; writable: boolean };
  _send(buffer: Buffer): boolean;
}
