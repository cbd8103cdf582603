import { sql } from 'drizzle-orm';
import type { CopyOutStream, Database, Tx } from '../db/client.ts';

export type { Tx };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The only ways the request path reads or writes tenant tables (docs/decisions/0030-row-level-security.md).
 * Every one but `acrossMerchants` runs as the non-owner role `app_user`, so a query that forgets its filter
 * gets nothing it should not see:
 *
 * - `forMerchant(id, fn)`: `app.merchant_id` set; row-level security confines every statement to that
 *   merchant, whatever its WHERE clause says.
 * - `forUser(userId, fn)`: `app.user_id` set and no merchant; reads only that user's memberships, site role
 *   grants and the merchants they belong to (policy `member_self`), across merchants. GET /api/merchants.
 * - `createMerchant(id, userId, insert, fn)`: onboarding only; the merchant row inserted by the owner confined
 *   to `id`, then `fn` as `app_user` for that merchant and its applicant (`app.user_id`).
 * - `withoutMerchant(fn)`: nothing set; sees no tenant row. For the security-definer staff search and its
 *   merchant-less audit entry.
 * - `acrossMerchants(fn)`: the owning role, no merchant set. Not for requests: system jobs only (churn sweep).
 */
export function createTenantDb(
  database: Pick<Database, 'db' | 'kind' | 'transactionWith' | 'readWith' | 'batch'> &
    Partial<Pick<Database, 'copyTransactionWith' | 'readAfter'>>,
) {
  const copyTransactionWith = database.copyTransactionWith?.bind(database);
  return {
    async forMerchant<T>(merchantId: string, fn: (tx: Tx) => Promise<T>): Promise<T> {
      return database.transactionWith(tenantContext('merchant', merchantId), fn);
    },

    /**
     * `forMerchant` for exactly one statement (a read): the context, the statement and the commit in one round
     * trip on PostgreSQL. A second statement in `fn` is refused.
     */
    async readForMerchant<T>(merchantId: string, fn: (tx: Tx) => Promise<T>): Promise<T> {
      return database.readWith(tenantContext('merchant', merchantId), fn);
    },

    /** `forUser` for exactly one statement (see `readForMerchant`). */
    async readForUser<T>(userId: string, fn: (tx: Tx) => Promise<T>): Promise<T> {
      return database.readWith(tenantContext('user', userId), fn);
    },

    async forUser<T>(userId: string, fn: (tx: Tx) => Promise<T>): Promise<T> {
      return database.transactionWith(tenantContext('user', userId), fn);
    },

    /**
     * Onboarding (SPEC §7 POST /v1/customer-accounts): `insertMerchant` runs as the owning role, confined by its
     * `owner_access` policy to the new merchant's id (app_user may not insert merchants); then the role drops to
     * `app_user` for `fn`, under row-level security for that merchant, in the same transaction.
     */
    async createMerchant<T>(
      merchantId: string,
      userId: string,
      insertMerchant: (tx: Tx) => Promise<void>,
      fn: (tx: Tx) => Promise<T>,
    ): Promise<T> {
      if (!UUID.test(merchantId) || !UUID.test(userId)) throw new Error('createMerchant needs uuids');
      return database.db.transaction(async (tx) => {
        await tx.execute(sql`select set_config('app.merchant_id', ${merchantId.toLowerCase()}, true)`);
        await tx.execute(sql`select set_config('app.user_id', ${userId.toLowerCase()}, true)`);
        await insertMerchant(tx);
        await tx.execute(sql`set local role app_user`);
        return fn(tx);
      });
    },

    /**
     * PostgreSQL only (undefined on PGlite): `forMerchant` whose `fn` may also stream `COPY (…) TO STDOUT` on the
     * same connection, so the COPY runs as `app_user` under the merchant's row-level security like every other
     * statement of the transaction. With `snapshot`, the transaction is REPEATABLE READ: a count taken first
     * and the COPY after it see the same rows.
     */
    copyForMerchant: copyTransactionWith
      ? <T>(
          merchantId: string,
          options: { snapshot: boolean },
          fn: (tx: Tx, copyOut: (statement: string) => CopyOutStream) => Promise<T>,
        ): Promise<T> =>
          copyTransactionWith(
            `${options.snapshot ? 'set transaction isolation level repeatable read; ' : ''}${tenantContext('merchant', merchantId)}`,
            fn,
          )
      : undefined,

    async withoutMerchant<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
      return database.transactionWith(APP_ROLE, fn);
    },

    async acrossMerchants<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
      return database.db.transaction(fn);
    },

    /**
     * `acrossMerchants` whose first statement leaves with its `begin` (one round trip fewer), and in which
     * statements started together (`inOrder`) leave together on PostgreSQL (pipeline mode): PSP ingestion.
     */
    async acrossMerchantsPipelined<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
      return database.transactionWith('', fn);
    },

    /**
     * Runs statements of one transaction in the order given and answers all their results. On PostgreSQL they
     * are sent at once, before any answer came back (the connection of `acrossMerchantsPipelined`, `forMerchant`
     * and `forUser` is in pipeline mode): one round trip for all of them; each still runs after the one before
     * it, with its own snapshot. On PGlite, one after the other (its session takes one query at a time). After
     * a failed statement the later ones fail too (the transaction is aborted); the first failure is thrown.
     */
    async inOrder<T extends readonly unknown[]>(
      statements: {
        [K in keyof T]: () => PromiseLike<T[K]>;
      },
    ): Promise<T> {
      if (database.kind === 'postgres')
        return (await Promise.all(statements.map((statement) => statement()))) as unknown as T;
      const results: unknown[] = [];
      for (const statement of statements) results.push(await statement());
      return results as unknown as T;
    },

    /**
     * One statement under the merchant's context in a single round trip, outside any other transaction: the
     * context, the role and the statement travel together and end together (PostgreSQL runs a multi-statement
     * query as one implicit transaction). `statement` carries no parameters: whatever it embeds must be
     * validated before (uuids, see `literal`).
     */
    async oneStatementForMerchant<T>(merchantId: string, statement: string): Promise<T[]> {
      return database.batch<T>(`${tenantContext('merchant', merchantId)}; ${statement}`);
    },

    /**
     * `oneStatementForMerchant(merchantId, statement)`, and `fn`'s one statement (a read) under the same
     * context: on PostgreSQL both in one read-only transaction and one round trip, `fn`'s answer kept until
     * `read()` asks for it (the caller drops it unread when `statement`'s answer says so: nothing of it leaves
     * the process); on PGlite `read()` runs `fn` then, in a read-only transaction under the same context.
     */
    async oneStatementThenRead<F, T>(
      merchantId: string,
      statement: string,
      fn: (tx: Tx) => Promise<T>,
    ): Promise<{ rows: F[]; read: () => Promise<T> }> {
      const context = tenantContext('merchant', merchantId);
      if (!database.readAfter) {
        const rows = await database.batch<F>(`${context}; ${statement}`);
        return { rows, read: () => database.readWith(`set transaction read only; ${context}`, fn) };
      }
      const { first, settled } = await database.readAfter<F, T>(context, statement, fn);
      return {
        rows: first,
        read: () =>
          settled.status === 'fulfilled' ? Promise.resolve(settled.value) : Promise.reject(settled.reason),
      };
    },
  };
}

const APP_ROLE = 'set local role app_user';

/**
 * The statements that put a transaction in a tenant's context: `app.merchant_id` (or `app.user_id`) set for
 * the transaction, then the role `app_user`. They travel in the transaction's first round trip (`begin; …`),
 * so the id is written into the text: only a uuid is accepted, which also keeps app_current_merchant() from
 * failing on a cast inside a policy.
 */
function tenantContext(kind: 'merchant' | 'user', id: string): string {
  if (!UUID.test(id)) throw new Error(`the tenant context needs a ${kind} uuid`);
  return `select set_config('app.${kind}_id', '${id.toLowerCase()}', true); ${APP_ROLE}`;
}

/** A value for a statement's text: uuids (checked) and booleans only; everything else is a bound parameter. */
export function literal(value: string | boolean, type: 'uuid' | 'boolean' | 'timestamptz'): string {
  if (type === 'boolean') return value === true ? 'true' : 'false';
  if (type === 'uuid') {
    if (typeof value !== 'string' || !UUID.test(value)) throw new Error('literal: not a uuid');
    return `'${value.toLowerCase()}'::uuid`;
  }
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/.test(value))
    throw new Error('literal: not an ISO instant');
  return `'${value}'::timestamptz`;
}

export type TenantDb = ReturnType<typeof createTenantDb>;

export const isUuid = (value: string) => UUID.test(value);

interface PreparedQuery<T> {
  execute(values?: Record<string, unknown>): Promise<T>;
}

/**
 * A statement built once (with `sql.placeholder`s) and run by name: Drizzle does not rebuild it per request,
 * and PostgreSQL parses and plans it once per connection (node-postgres keeps named statements per
 * connection). `build` receives the first transaction only to reach the driver; every call runs on its own
 * transaction's connection. The name must be unique in the process and the text fixed for it; an empty name
 * sends the built text unnamed (parsed and planned for its values each time, as an ad hoc query).
 */
export function preparedStatement<T>(
  name: string,
  build: (tx: Tx) => { prepare(name: string): PreparedQuery<T> },
): (tx: Tx, values?: Record<string, unknown>) => Promise<T> {
  // One template per driver (a process may hold PGlite and PostgreSQL at once, e.g. in tests).
  const templates = new Map<unknown, PreparedQuery<T>>();
  return (tx, values) => {
    const session = (tx as unknown as { session: { client: unknown } }).session;
    let template = templates.get(session.constructor);
    if (!template) {
      template = build(tx).prepare(name);
      templates.set(session.constructor, template);
    }
    // The template's own connection is not used: this call's is bound in (assigned: a property descriptor
    // made the bound object a dictionary-mode object per request, docs/PERFORMANCE.md session 14).
    const bound = Object.create(template) as PreparedQuery<T> & { client: unknown };
    bound.client = session.client;
    return bound.execute(values);
  };
}
