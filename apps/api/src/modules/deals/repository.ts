import { desc, eq } from 'drizzle-orm';
import type { Tx } from '../../access/tenant-db.ts';
import { deals } from '../../db/schema/index.ts';

export type DealRow = typeof deals.$inferSelect;

/** All SQL of deals (not a tenant table: any transaction of the request path may read it). */
export const dealsRepository = {
  async list(tx: Tx, limit: number): Promise<DealRow[]> {
    return tx.select().from(deals).orderBy(desc(deals.createdAt), desc(deals.id)).limit(limit);
  },

  async byReference(tx: Tx, reference: string, lock = false): Promise<DealRow | undefined> {
    const query = tx.select().from(deals).where(eq(deals.reference, reference));
    const [row] = lock ? await query.for('update') : await query;
    return row;
  },

  /** Inserts unless the reference is taken (then undefined: the caller draws another). */
  async insert(tx: Tx, values: typeof deals.$inferInsert): Promise<DealRow | undefined> {
    const [row] = await tx.insert(deals).values(values).onConflictDoNothing().returning();
    return row;
  },

  async update(tx: Tx, id: string, values: Partial<typeof deals.$inferInsert>): Promise<DealRow> {
    const [row] = await tx.update(deals).set(values).where(eq(deals.id, id)).returning();
    return row as DealRow;
  },
};
