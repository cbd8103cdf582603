import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';

/** A transaction handle; repositories take it wherever they take `Db`. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The only ways merchant data is read or written by the access, users, staff, company-settings and audit
 * modules (docs/decisions/0030-row-level-security.md):
 *
 * - `forMerchant(id, fn)`: one transaction as the non-owner role `app_user` with `app.merchant_id` set, so
 *   PostgreSQL row-level security confines every statement to that merchant, whatever its WHERE clause says.
 * - `acrossMerchants(fn)`: one transaction as the owning role, for the few cross-merchant operations (staff
 *   search, churn sweep). Callers are staff-only services that write an audit entry for it.
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

    async acrossMerchants<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
      return db.transaction(fn);
    },
  };
}

export type TenantDb = ReturnType<typeof createTenantDb>;

export const isUuid = (value: string) => UUID.test(value);
