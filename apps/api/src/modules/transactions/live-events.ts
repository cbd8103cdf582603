import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { Database } from '../../db/client.ts';
import type { TransactionChange } from '../psp/service.ts';

/** The PostgreSQL channel every API instance listens on (issue 11 §2: live updates across instances). */
export const TRANSACTION_CHANNEL = 'transaction_changes';

export type ChangeListener = (change: TransactionChange) => void;

export interface LiveEvents {
  /** Tells every listener of every API instance that transactions changed (after their commit). */
  publish(changes: readonly TransactionChange[]): Promise<void>;
  /** Listens to every change; the caller filters by merchant and site. Answers the unsubscribe. */
  subscribe(listener: ChangeListener): () => void;
  close(): Promise<void>;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A NOTIFY payload back into a change; anything else (another writer on the channel) is ignored. */
export function parseChange(payload: string | undefined): TransactionChange | undefined {
  if (!payload) return undefined;
  try {
    const value = JSON.parse(payload) as Record<string, unknown>;
    const { merchantId, siteId, transactionId, status } = value;
    if (
      typeof merchantId === 'string' &&
      UUID.test(merchantId) &&
      typeof siteId === 'string' &&
      UUID.test(siteId) &&
      typeof transactionId === 'string' &&
      UUID.test(transactionId) &&
      typeof status === 'string'
    )
      return { merchantId, siteId, transactionId, status };
  } catch {
    // not ours
  }
  return undefined;
}

/**
 * Transaction changes fanned out to the server-sent event streams (issue 11 §2). On PostgreSQL every instance
 * holds one connection that LISTENs on `transaction_changes`, and a change is published with `pg_notify`, so a
 * notification ingested by one instance reaches the streams of all of them. PGlite is one process: the change
 * goes straight to this process's listeners.
 *
 * The payload carries ids and a status only; each stream re-reads the transaction under its merchant's
 * row-level security before sending anything (transactions/live-routes.ts).
 */
export async function createLiveEvents(deps: {
  database: Database;
  log: FastifyBaseLogger;
}): Promise<LiveEvents> {
  const listeners = new Set<ChangeListener>();
  const dispatch = (change: TransactionChange) => {
    for (const listener of listeners) {
      try {
        listener(change);
      } catch (error) {
        deps.log.error({ err: error }, 'live events: a listener failed');
      }
    }
  };
  const subscribe = (listener: ChangeListener) => {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  };

  const connection = deps.database.jobConnection;
  if (deps.database.kind !== 'postgres' || !('connectionString' in connection)) {
    return {
      async publish(changes) {
        for (const change of changes) dispatch(change);
      },
      subscribe,
      async close() {
        listeners.clear();
      },
    };
  }

  let closed = false;
  let client: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: connection.connectionString });
    next.on('notification', (message) => {
      if (message.channel !== TRANSACTION_CHANNEL) return;
      const change = parseChange(message.payload);
      if (change) dispatch(change);
    });
    // A cut connection: listen again on a new one (changes during the gap are found by Last-Event-ID replay).
    next.on('error', (error) => {
      deps.log.warn({ err: error }, 'live events: the listening connection failed');
      next.end().catch(() => undefined);
      if (client === next) client = undefined;
      if (!closed) retry = setTimeout(() => void connect().catch(() => undefined), 1000);
    });
    await next.connect();
    await next.query(`listen ${TRANSACTION_CHANNEL}`);
    if (closed) {
      await next.end();
      return;
    }
    client = next;
  };
  await connect();

  return {
    // One statement for a whole delivery's changes, one notification each (in order; a payload stays small).
    async publish(changes) {
      if (changes.length === 0) return;
      await deps.database.db.execute(
        sql`select pg_notify(${TRANSACTION_CHANNEL}, change)
              from jsonb_array_elements_text(${JSON.stringify(changes.map((change) => JSON.stringify(change)))}::jsonb) with ordinality as c(change, n)
             order by n`,
      );
    },
    subscribe,
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      listeners.clear();
      await client?.end().catch(() => undefined);
      client = undefined;
    },
  };
}
