import { and, desc, eq, gte, lt, lte, or } from 'drizzle-orm';
import type { Tx } from '../../access/tenant-db.ts';
import { auditLog } from '../../db/schema/index.ts';

export type AuditRow = typeof auditLog.$inferSelect;
export type NewAuditEntry = typeof auditLog.$inferInsert;

/** Keyset position in the log: newest first, ties broken by id. */
export interface AuditCursor {
  at: Date;
  id: string;
}

/** All SQL about the audit log. Only insert and select: the log is append-only (and the database enforces it). */
export const auditRepository = {
  async insert(tx: Tx, entry: NewAuditEntry): Promise<void> {
    await tx.insert(auditLog).values(entry);
  },

  async list(
    tx: Tx,
    merchantId: string,
    filter: { from?: Date | undefined; to?: Date | undefined; actorId?: string | undefined },
    after: AuditCursor | undefined,
    limit: number,
  ): Promise<AuditRow[]> {
    return tx
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.merchantId, merchantId),
          filter.from ? gte(auditLog.at, filter.from) : undefined,
          filter.to ? lte(auditLog.at, filter.to) : undefined,
          filter.actorId ? eq(auditLog.actorUserId, filter.actorId) : undefined,
          after
            ? or(lt(auditLog.at, after.at), and(eq(auditLog.at, after.at), lt(auditLog.id, after.id)))
            : undefined,
        ),
      )
      .orderBy(desc(auditLog.at), desc(auditLog.id))
      .limit(limit);
  },
};
