import type { ServerResponse } from 'node:http';
import { sitesWithPermission } from '@mp/domain/permissions';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accessOf, reloadAccess } from '../../access/route-access.ts';
import { isUuid, type TenantDb, type Tx } from '../../access/tenant-db.ts';
import type { Clock } from '../../clock.ts';
import type { SessionCheck } from '../../identity/session-check.ts';
import { badRequest, errorBodySchema, notFound } from '../../plugins/errors.ts';
import type { TransactionChange } from '../psp/service.ts';
import type { LiveEvents } from './live-events.ts';
import { transactionsRepository as repo } from './repository.ts';
import { totalsPathSchema } from './schemas.ts';

/**
 * An event id is a cursor: the PostgreSQL snapshot (`xmin:xmax:xip,…`, pg_snapshot's text form) up to which the
 * client has every change of its stream. A resumed stream sends what that snapshot had not seen (docs/decisions:
 * live-transactions replay by commit).
 */
const CURSOR_SOURCE = '(\\d{1,19}):(\\d{1,19}):((?:\\d{1,19})(?:,\\d{1,19})*)?';
const CURSOR = new RegExp(`^${CURSOR_SOURCE}$`);
/**
 * The ids the stream sent before decision 0097 (a change's microseconds and a transaction id): a tab open across
 * the upgrade resumes with one; it is told to read its pages again and gets a cursor.
 */
const LEGACY_SOURCE = '\\d{1,20}_[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const LEGACY = new RegExp(`^${LEGACY_SOURCE}$`);
const EVENT_ID = new RegExp(`^(?:${CURSOR_SOURCE}|${LEGACY_SOURCE})$`);
/** At most this many changes are sent from one read; more, and the client is told to read its pages again. */
const REPLAY_LIMIT = 500;
/**
 * At most this many of the merchant's changes (every site) are looked at by one read, however early the cursor
 * (decision 0108): more, and the client is told to read its pages again. A cursor is the client's to send, so a
 * forged early one must not cost a scan of the merchant's history.
 */
const SCAN_LIMIT = 2000;
const XID_MAX = 2n ** 63n - 1n;

/**
 * A cursor the database will take (pg_snapshot's own input rules: 0 < xmin <= xmax, each listed id within
 * [xmin, xmax) and in order), in its normal form; undefined for anything else, which is a 400, never a 500.
 */
export function parseCursor(text: string): string | undefined {
  if (text.length > 4096) return undefined;
  const match = CURSOR.exec(text);
  if (!match?.[1] || !match[2]) return undefined;
  const xmin = BigInt(match[1]);
  const xmax = BigInt(match[2]);
  if (xmin < 1n || xmax < xmin || xmax > XID_MAX) return undefined;
  const running: bigint[] = [];
  for (const part of match[3] ? match[3].split(',') : []) {
    const xid = BigInt(part);
    if (xid < xmin || xid >= xmax) return undefined;
    const last = running.at(-1);
    if (last !== undefined && xid < last) return undefined;
    if (last !== xid) running.push(xid);
  }
  return `${xmin}:${xmax}:${running.join(',')}`;
}

const liveQuerySchema = z.object({
  siteId: z.uuid({ error: 'must be a uuid' }).optional(),
  lastEventId: z
    .string()
    .max(4096, { error: 'must be the id of an event this stream sent' })
    .regex(EVENT_ID, { error: 'must be the id of an event this stream sent' })
    .optional()
    .describe('Resume after this event (EventSource sends it as the Last-Event-ID header instead)'),
});

interface LiveRow {
  id: string;
  site_id: string;
  status: string;
  psp_reference: string;
  amount: number | string;
  tip_amount: number | string;
  currency: string;
  created_at: Date | string;
}

interface Read {
  /** The snapshot this read saw: the next cursor. */
  snapshot: string;
  rows: LiveRow[];
  /** More than REPLAY_LIMIT changes to send, or SCAN_LIMIT to look at: none are in `rows`; the client reads its pages again. */
  overflow: boolean;
}

/**
 * The transactions of the stream (read as the merchant, row-level security, within its sites) whose current
 * version the snapshot `since` had not seen — written by a transaction that had not committed when it was taken,
 * however early its stamp — with the snapshot of this very statement, which has seen every row it answers. Ordered
 * by the writing transaction, so a stream's events follow the commits; one statement, so nothing falls between.
 *
 * "Not seen by `since`" is `change_xid >= xmax(since)` or `change_xid` in its running list (pg_visible_in_snapshot's
 * own rule for ids at or above its xmin): two index reads that start where the cursor's unseen changes start, not
 * at its xmin, and each stops after SCAN_LIMIT + 1 of the merchant's rows (every site: the caller's sites are
 * picked from those; REPLAY_LIMIT + 1 for a caller of every site), so one read costs at most 2 × (SCAN_LIMIT + 1)
 * rows whatever cursor it is sent (decision 0108).
 */
async function readSince(
  tx: Tx,
  merchantId: string,
  siteIds: readonly string[] | undefined,
  since: string | undefined,
): Promise<Read> {
  if (since === undefined) {
    const result = await tx.execute(sql`select pg_current_snapshot()::text as snapshot`);
    const [row] = (result as unknown as { rows: { snapshot: string }[] }).rows;
    return { snapshot: row?.snapshot ?? '', rows: [], overflow: false };
  }
  const sites = siteIds
    ? sql` where site_id in (${sql.join(
        siteIds.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`
    : sql``;
  // A caller who sees every site is sent every change looked at: no more are looked at than may be sent.
  const scanLimit = siteIds ? SCAN_LIMIT : REPLAY_LIMIT;
  const columns = sql`id, site_id, status, psp_reference, amount, tip_amount, currency, created_at, change_xid`;
  const result = await tx.execute(sql`
    with unseen as (
      (select ${columns}
         from transactions
        where merchant_id = ${merchantId}::uuid
          and change_xid >= pg_snapshot_xmax(${since}::pg_snapshot)
        order by change_xid
        limit ${scanLimit + 1})
      union all
      (select ${columns}
         from transactions
        where merchant_id = ${merchantId}::uuid
          and change_xid = any(array(select pg_snapshot_xip(${since}::pg_snapshot)))
        limit ${scanLimit + 1}))
    select s.snapshot::text as snapshot, s.looked_at, c.*
      from (select pg_current_snapshot() as snapshot, (select count(*) from unseen) as looked_at) s
      left join lateral (
        select id, site_id, status, psp_reference, amount, tip_amount, currency, created_at
          from unseen${sites}
         order by change_xid, id
         limit ${REPLAY_LIMIT + 1}) c on true`);
  const rows = (result as unknown as { rows: (LiveRow & { snapshot: string; looked_at: number | string })[] })
    .rows;
  const snapshot = rows[0]?.snapshot ?? '';
  const changes = rows.filter((row) => row.id !== null);
  const overflow = Number(rows[0]?.looked_at ?? 0) > scanLimit || changes.length > REPLAY_LIMIT;
  return { snapshot, rows: overflow ? [] : changes, overflow };
}

function eventOf(row: LiveRow, id: string): string {
  const data = {
    transactionId: row.id,
    siteId: row.site_id,
    status: row.status,
    pspReference: row.psp_reference,
    amount: Number(row.amount),
    tipAmount: Number(row.tip_amount),
    currency: row.currency,
    createdAt: new Date(row.created_at).toISOString(),
  };
  return `id: ${id}\nevent: transaction\ndata: ${JSON.stringify(data)}\n\n`;
}

/**
 * GET /v1/merchants/{id}/transactions/events (issue 11 §2): server-sent events, one `transaction` event per new
 * or changed transaction of this merchant in the sites the caller may list (or the one `siteId`). Every event
 * is re-read under the merchant's row-level security before it is sent, so no other merchant's transaction can
 * reach the stream. `Last-Event-ID` (or `lastEventId`) replays what changed since; a comment line every
 * `heartbeatSeconds` keeps proxies from closing an idle stream. The caller's access is read again at every
 * heartbeat: a member removed, a site role taken away, a merchant no longer theirs or a staff member no longer in
 * the Staff group ends the stream (the reconnect then gets 404), a narrowed role narrows it, and so does an owner
 * requiring a second factor the session did not pass (the reconnect then gets 403), so rights are not only checked
 * when it opens (`reloadAccess`). So is the
 * caller's session (`sessionCheck`, as every request's): a session ended (signed out, ended from the sessions
 * list, the user disabled) ends the stream, whose reconnect then gets 401.
 */
export const liveTransactionsRoutes: FastifyPluginAsyncZod<{
  tenantDb: TenantDb;
  clock: Clock;
  events: LiveEvents;
  heartbeatSeconds: number;
  /** The access tokens' session check (identity/session-check.ts); without it, only rights are read again. */
  sessionCheck?: SessionCheck | undefined;
}> = async (app, { tenantDb, clock, events, heartbeatSeconds, sessionCheck }) => {
  const open = new Set<ServerResponse>();
  app.addHook('preClose', async () => {
    for (const raw of open) raw.end();
    open.clear();
  });

  app.get(
    '/v1/merchants/:id/transactions/events',
    {
      config: { access: { kind: 'merchant', permissions: ['Transaction:ListTransactions'], scope: 'site' } },
      schema: {
        operationId: 'streamTransactionEvents',
        tags: ['transactions'],
        summary:
          'Server-sent events: a `transaction` event whenever a transaction of the sites the caller may list is created or changes',
        params: totalsPathSchema,
        querystring: liveQuerySchema,
        response: {
          200: z.string().describe('text/event-stream'),
          400: errorBodySchema,
          401: errorBodySchema,
          404: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const access = accessOf(request);
      const { merchantId } = access;
      const header = request.headers['last-event-id'];
      const resume =
        (typeof header === 'string' && header !== '' ? header : undefined) ?? request.query.lastEventId;
      const cursor = resume ? parseCursor(resume) : undefined;
      const legacy = resume !== undefined && LEGACY.test(resume);
      if (resume && !cursor && !legacy)
        throw badRequest('The request is not valid', [
          {
            field: 'Last-Event-ID',
            rule: 'format',
            message: 'must be the id of an event this stream sent',
          },
        ]);
      const siteId = request.query.siteId;
      let siteIds: string[] | undefined;
      if (siteId) siteIds = [siteId];
      else {
        const held = sitesWithPermission(access, 'Transaction:ListTransactions');
        siteIds = held === 'all' ? undefined : held.filter(isUuid);
      }
      if (
        siteId &&
        !(await tenantDb.forMerchant(merchantId, (tx) => repo.siteExists(tx, merchantId, siteId)))
      )
        throw notFound('Site not found');

      // Without a cursor, the stream starts from now (the screen has just read its pages): the snapshot is taken
      // before the answer starts, so a database fault is still a 503.
      const start =
        cursor ??
        (await tenantDb.forMerchant(merchantId, (tx) => readSince(tx, merchantId, siteIds, undefined)))
          .snapshot;

      reply.hijack();
      const raw = reply.raw;
      raw.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        // HTTP/2 forbids connection headers (the stream is one of the connection's streams).
        ...(request.raw.httpVersionMajor < 2 ? { connection: 'keep-alive' } : {}),
        'x-accel-buffering': 'no',
        'x-request-id': String(request.id),
      });
      raw.write('retry: 3000\n\n');
      open.add(raw);

      let ended = false;
      /** Everything the snapshot `since` had seen was sent (or was there before the stream, or is in a reset). */
      let since = start;
      // A client with no cursor gets one at once; one from before decision 0097 also reads its pages again.
      raw.write(`id: ${since}\nevent: ${legacy ? 'reset' : 'cursor'}\ndata: {}\n\n`);
      // One read after another; a read asked for while one waits is the same read (a burst reads once).
      let chain: Promise<void> = Promise.resolve();
      let queued = false;
      const catchUp = () => {
        if (queued || ended) return;
        queued = true;
        chain = chain
          .then(async () => {
            queued = false;
            if (ended) return;
            const read = await tenantDb.forMerchant(merchantId, (tx) =>
              readSince(tx, merchantId, siteIds, since),
            );
            if (ended || !read.snapshot) return;
            const previous = since;
            since = read.snapshot;
            if (read.overflow) raw.write(`id: ${since}\nevent: reset\ndata: {}\n\n`);
            else if (read.rows.length === 0) {
              if (since !== previous) raw.write(`id: ${since}\nevent: cursor\ndata: {}\n\n`);
            }
            // Only the last event carries the new cursor: a client cut off halfway resumes before this read.
            else
              read.rows.forEach((row, index) => {
                raw.write(eventOf(row, index === read.rows.length - 1 ? since : previous));
              });
          })
          // A database fault sends nothing and keeps the cursor: the next change or heartbeat reads it again.
          .catch((error: unknown) => request.log.warn({ err: error }, 'live events: changes were not read'));
      };
      const allowed = (change: TransactionChange) =>
        change.merchantId === merchantId && (!siteIds || siteIds.includes(change.siteId));
      // A notification only wakes the stream: what it sends is what committed since its cursor, so a notification
      // lost, late or out of order (another instance, a cut LISTEN connection) loses nothing.
      const unsubscribe = events.subscribe((change) => {
        if (allowed(change)) catchUp();
      });
      if (cursor) catchUp();
      /** The sites the caller may still list (undefined: all of them), or null when nothing is left. */
      const stillAllowed = async (): Promise<string[] | undefined | null> => {
        const { actor, ip, userAgent } = access;
        if (sessionCheck && !(await sessionCheck.isOpen(actor.sessionId, ip, userAgent))) return null;
        const now = await reloadAccess({ tenantDb, clock }, access);
        if (!now) return null;
        const held = sitesWithPermission(now, 'Transaction:ListTransactions');
        if (held === 'all') return siteIds;
        const mine = held.filter(isUuid);
        const left = siteIds ? siteIds.filter((id) => mine.includes(id)) : mine;
        return left.length > 0 ? left : null;
      };
      let checking = false;
      const heartbeat = setInterval(() => {
        if (ended || checking) return;
        checking = true;
        stillAllowed()
          .then((left) => {
            if (ended) return;
            if (left === null) {
              end();
              raw.end();
              return;
            }
            siteIds = left;
            raw.write(': heartbeat\n\n');
            // Changes whose notification never came (a cut LISTEN connection) arrive within a heartbeat.
            catchUp();
          })
          .catch((error: unknown) => {
            // A database fault is not a lost right: the stream stays, the next heartbeat asks again.
            request.log.warn({ err: error }, 'live events: access could not be read again');
            if (!ended) raw.write(': heartbeat\n\n');
          })
          .finally(() => {
            checking = false;
          });
      }, heartbeatSeconds * 1000);
      heartbeat.unref();
      const end = () => {
        if (ended) return;
        ended = true;
        clearInterval(heartbeat);
        unsubscribe();
        open.delete(raw);
      };
      raw.on('close', end);
      raw.on('error', end);
    },
  );
};
