import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';

/** A transaction handle; repositories take it wherever they take `Db`. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

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
 * - `withoutMerchant(fn)`: nothing set; sees no tenant row. For the security-definer staff search and its
 *   merchant-less audit entry.
 * - `acrossMerchants(fn)`: the owning role, no merchant set. Not for requests: system jobs only (churn sweep).
 */
export function createTenantDb(db: Db) {
  return {
    async forMerchant<T>(merchantId: string, fn: (tx: Tx) => Promise<T>): Promise<T> {
      // The id reaches set_config as a bound parameter; rejecting non-uuids keeps app_current_merchant() from
      // failing on a cast inside a policy.
      if (!UUID.test(merchantId)) throw new Error('forMerchant needs a merchant uuid');
      return db.transaction(async (tx) => {
        await tx.execute(sql`select set_config('app.merchant_id', ${merchantId.toLowerCase()}, true)`);
        await tx.execute(sql`set local role app_user`);
        return fn(tx);
      });
    },

    async forUser<T>(userId: string, fn: (tx: Tx) => Promise<T>): Promise<T> {
      if (!UUID.test(userId)) throw new Error('forUser needs a user uuid');
      return db.transaction(async (tx) => {
        await tx.execute(sql`select set_config('app.user_id', ${userId.toLowerCase()}, true)`);
        await tx.execute(sql`set local role app_user`);
        return fn(tx);
      });
    },

    async withoutMerchant<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
      return db.transaction(async (tx) => {
        await tx.execute(sql`set local role app_user`);
        return fn(tx);
      });
    },

    async acrossMerchants<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
      return db.transaction(fn);
    },
  };
}

export type TenantDb = ReturnType<typeof createTenantDb>;

export const isUuid = (value: string) => UUID.test(value);
