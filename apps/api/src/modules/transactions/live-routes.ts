import type { ServerResponse } from 'node:http';
import { sitesWithPermission } from '@mp/domain/permissions';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accessOf, reloadAccess } from '../../access/route-access.ts';
import { isUuid, type TenantDb, type Tx } from '../../access/tenant-db.ts';
import type { Clock } from '../../clock.ts';
import { badRequest, errorBodySchema, notFound } from '../../plugins/errors.ts';
import type { TransactionChange } from '../psp/service.ts';
import type { LiveEvents } from './live-events.ts';
import { transactionsRepository as repo } from './repository.ts';
import { totalsPathSchema } from './schemas.ts';

/** An event id: the transaction's last change (microseconds since the epoch) and its id, so ids order. */
const EVENT_ID = /^(\d{1,20})_([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;
/** At most this many changes are replayed after a reconnect; the screen refetches its page anyway. */
const REPLAY_LIMIT = 500;

const liveQuerySchema = z.object({
  siteId: z.uuid({ error: 'must be a uuid' }).optional(),
  lastEventId: z
    .string()
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
  changed: string;
}

/** The transactions the stream may show, read as the merchant (row-level security) and within its sites. */
async function readChanges(
  tx: Tx,
  merchantId: string,
  siteIds: readonly string[] | undefined,
  where: { transactionId: string } | { after: { micros: string; id: string } },
): Promise<LiveRow[]> {
  const sites = siteIds
    ? sql` and site_id in (${sql.join(
        siteIds.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`
    : sql``;
  const which =
    'transactionId' in where
      ? sql` and id = ${where.transactionId}::uuid`
      : sql` and (updated_at, id) > (to_timestamp(${where.after.micros}::numeric / 1000000), ${where.after.id}::uuid)`;
  const result = await tx.execute(sql`
    select id, site_id, status, psp_reference, amount, tip_amount, currency, created_at,
           (extract(epoch from updated_at) * 1000000)::bigint::text as changed
      from transactions
     where merchant_id = ${merchantId}::uuid${sites}${which}
     order by updated_at, id
     limit ${REPLAY_LIMIT}`);
  return (result as unknown as { rows: LiveRow[] }).rows;
}

function eventOf(row: LiveRow): string {
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
  return `id: ${row.changed}_${row.id}\nevent: transaction\ndata: ${JSON.stringify(data)}\n\n`;
}

/**
 * GET /v1/merchants/{id}/transactions/events (issue 11 §2): server-sent events, one `transaction` event per new
 * or changed transaction of this merchant in the sites the caller may list (or the one `siteId`). Every event
 * is re-read under the merchant's row-level security before it is sent, so no other merchant's transaction can
 * reach the stream. `Last-Event-ID` (or `lastEventId`) replays what changed since; a comment line every
 * `heartbeatSeconds` keeps proxies from closing an idle stream. The caller's access is read again at every
 * heartbeat: a member removed, a site role taken away or a merchant no longer theirs ends the stream (the
 * reconnect then gets 404), a narrowed role narrows it, so rights are not only checked when it opens.
 */
export const liveTransactionsRoutes: FastifyPluginAsyncZod<{
  tenantDb: TenantDb;
  clock: Clock;
  events: LiveEvents;
  heartbeatSeconds: number;
}> = async (app, { tenantDb, clock, events, heartbeatSeconds }) => {
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
      const parsed = resume ? EVENT_ID.exec(resume) : undefined;
      if (resume && !parsed)
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

      reply.hijack();
      const raw = reply.raw;
      raw.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
        'x-request-id': String(request.id),
      });
      raw.write('retry: 3000\n\n');
      open.add(raw);

      let ended = false;
      // One write after another, in the order the changes arrived.
      let chain: Promise<void> = Promise.resolve();
      const send = (read: (tx: Tx) => Promise<LiveRow[]>) => {
        chain = chain
          .then(async () => {
            if (ended) return;
            const rows = await tenantDb.forMerchant(merchantId, read);
            if (!ended) for (const row of rows) raw.write(eventOf(row));
          })
          .catch((error: unknown) => request.log.warn({ err: error }, 'live events: a change was not sent'));
      };
      const allowed = (change: TransactionChange) =>
        change.merchantId === merchantId && (!siteIds || siteIds.includes(change.siteId));
      const unsubscribe = events.subscribe((change) => {
        if (allowed(change))
          send((tx) => readChanges(tx, merchantId, siteIds, { transactionId: change.transactionId }));
      });
      if (parsed?.[1] && parsed[2]) {
        const after = { micros: parsed[1], id: parsed[2] };
        send((tx) => readChanges(tx, merchantId, siteIds, { after }));
      }
      /** The sites the caller may still list (undefined: all of them), or null when nothing is left. */
      const stillAllowed = async (): Promise<string[] | undefined | null> => {
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
