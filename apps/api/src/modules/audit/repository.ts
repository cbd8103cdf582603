import { and, desc, eq, gte, lt, lte, or, sql } from 'drizzle-orm';
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

  /**
   * Staff's merchant-less entries (searches, deals), newest first, through the security-definer function
   * `app_staff_audit_log` (migration 0046): app_user cannot read merchant-less rows. In `withoutMerchant`.
   */
  async listStaff(
    tx: Tx,
    filter: { from?: Date | undefined; to?: Date | undefined; actorId?: string | undefined },
    after: AuditCursor | undefined,
    limit: number,
  ): Promise<AuditRow[]> {
    const iso = (date: Date | undefined) => date?.toISOString() ?? null;
    const result = await tx.execute(
      sql`select * from app_staff_audit_log(${iso(filter.from)}::timestamptz, ${iso(filter.to)}::timestamptz,
            ${filter.actorId ?? null}::uuid, ${iso(after?.at)}::timestamptz, ${after?.id ?? null}::uuid,
            ${limit})`,
    );
    return (result as unknown as { rows: StaffAuditRow[] }).rows.map((row) => ({
      id: row.id,
      merchantId: row.merchant_id,
      actorUserId: row.actor_user_id,
      actorEmail: row.actor_email,
      actingAs: row.acting_as,
      overrideId: row.override_id,
      action: row.action,
      entityType: row.entity_type,
      entityId: row.entity_id,
      before: row.before,
      after: row.after,
      ip: row.ip,
      userAgent: row.user_agent,
      requestId: row.request_id,
      at: new Date(row.at),
    }));
  },

  /** The people of staff's log, by name (at most 500), through `app_staff_audit_people` (migration 0047). */
  async listStaffPeople(tx: Tx): Promise<StaffAuditPerson[]> {
    const result = await tx.execute(sql`select * from app_staff_audit_people()`);
    const rows = (result as unknown as { rows: StaffAuditPersonRow[] }).rows;
    return rows.map((row) => ({
      userId: row.user_id,
      email: row.email,
      firstName: row.first_name,
      lastName: row.last_name,
    }));
  },
};

interface StaffAuditPersonRow {
  user_id: string;
  email: string | null;
  first_name: string | null;
  last_name: string | null;
}

/** A person who appears in staff's log (`app_staff_audit_people`): their account's name and e-mail now. */
export interface StaffAuditPerson {
  userId: string;
  email: string | null;
  firstName: string | null;
  lastName: string | null;
}

/** A row of `app_staff_audit_log`, as the driver gives it (column names, `at` as text or a Date). */
interface StaffAuditRow {
  id: string;
  merchant_id: string | null;
  actor_user_id: string | null;
  actor_email: string | null;
  acting_as: string;
  override_id: string | null;
  action: AuditRow['action'];
  entity_type: string | null;
  entity_id: string | null;
  before: unknown;
  after: unknown;
  ip: string | null;
  user_agent: string | null;
  request_id: string | null;
  at: string | Date;
}
