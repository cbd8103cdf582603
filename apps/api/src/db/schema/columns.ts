import { type SQL, sql } from 'drizzle-orm';
import { bigint, customType, type PgColumn, timestamp, uuid } from 'drizzle-orm/pg-core';

// Column helpers shared by the schema files (not tables; index.ts does not re-export this file).

/** UTC instants (DESIGN §2: time is stored as timestamptz). */
export const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

/** Money is an integer count of minor units (pence, cents) next to an ISO currency column. */
export const minorUnits = (name: string) => bigint(name, { mode: 'number' });

/** Every tenant table carries the merchant it belongs to (DESIGN §4) and leads its keys with it. */
export const merchantIdColumn = () => uuid('merchant_id').notNull();

/** `column in ('a', 'b', …)` for a check constraint over one of the domain's value sets. */
export function oneOf(column: PgColumn, values: readonly string[]): SQL {
  const list = values.map((value) => `'${value.replaceAll("'", "''")}'`).join(', ');
  return sql`${column} in (${sql.raw(list)})`;
}

/**
 * A 64-bit transaction id (PostgreSQL's `xid8`, never wrapping around), as text: what `pg_current_xact_id()`
 * answers and what a `pg_snapshot` lists (docs/decisions: live-transactions replay by commit).
 */
export const xid8 = customType<{ data: string; driverData: string }>({ dataType: () => 'xid8' });
