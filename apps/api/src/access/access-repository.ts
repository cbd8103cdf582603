import { type Role, STAFF_GROUP } from '@mp/domain/permissions';
import { and, eq, getTableColumns, gt, isNull } from 'drizzle-orm';
import { merchants, staffOverrides, userGroups } from '../db/schema/index.ts';
import { literal, type TenantDb, type Tx } from './tenant-db.ts';

export type MerchantRow = typeof merchants.$inferSelect;

export interface RoleGrants {
  companyRoles: Role[];
  siteRoles: { siteId: string; roles: Role[] }[];
}

export interface LoadedAccess {
  merchant: MerchantRow;
  /** The caller's roles at the merchant; undefined when they are not a member. */
  grants: RoleGrants | undefined;
  /** A staff caller's live override into the merchant. */
  override: { id: string; reason: string; expiresAt: Date } | undefined;
}

const MERCHANT_COLUMNS = Object.entries(getTableColumns(merchants));

/** A merchants row from its JSON form (`to_jsonb(m)`: column names, timestamps as text) as Drizzle maps it. */
function merchantFromJson(json: Record<string, unknown>): MerchantRow {
  const row: Record<string, unknown> = {};
  for (const [key, column] of MERCHANT_COLUMNS) {
    const value = json[column.name];
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return row as MerchantRow;
}

interface AccessJson {
  merchant: Record<string, unknown>;
  grants: RoleGrants | null;
  override: { id: string; reason: string; expiresAt: string } | null;
}

/**
 * Everything the access check needs of the database in one statement and one round trip (function
 * `app_access`, migration 0013), under the merchant's row-level security as app_user: undefined when the
 * merchant does not exist (or RLS hides it). The caller decides membership and permissions.
 *
 * With `read` (a route's one-statement read, `RouteAccess.read`), that statement travels in the same round trip
 * on PostgreSQL (`TenantDb.oneStatementThenRead`); `answer()` answers it, and is only called once access is granted.
 */
export async function loadAccess(
  tenantDb: TenantDb,
  merchantId: string,
  actor: { userId: string; isStaff: boolean },
  now: Date,
): Promise<LoadedAccess | undefined> {
  return (await loadAccessAndRead(tenantDb, merchantId, actor, now, undefined)).loaded;
}

/** `loadAccess`, with a route's read in the same round trip (see above). */
export async function loadAccessAndRead(
  tenantDb: TenantDb,
  merchantId: string,
  actor: { userId: string; isStaff: boolean },
  now: Date,
  read: ((tx: Tx) => Promise<unknown>) | undefined,
): Promise<{ loaded: LoadedAccess | undefined; answer: (() => Promise<unknown>) | undefined }> {
  const statement = `select app_access(${literal(merchantId, 'uuid')}, ${literal(actor.userId, 'uuid')}, ${literal(actor.isStaff, 'boolean')}, ${literal(now.toISOString(), 'timestamptz')}) as access`;
  type Row = { access: AccessJson | string | null };
  let rows: Row[];
  let answer: (() => Promise<unknown>) | undefined;
  if (read)
    ({ rows, read: answer } = await tenantDb.oneStatementThenRead<Row, unknown>(merchantId, statement, read));
  else rows = await tenantDb.oneStatementForMerchant<Row>(merchantId, statement);
  const raw = rows[0]?.access;
  if (!raw) return { loaded: undefined, answer: undefined };
  const access = (typeof raw === 'string' ? JSON.parse(raw) : raw) as AccessJson;
  return {
    loaded: {
      merchant: merchantFromJson(access.merchant),
      grants: access.grants ?? undefined,
      override: access.override
        ? {
            id: access.override.id,
            reason: access.override.reason,
            expiresAt: new Date(access.override.expiresAt),
          }
        : undefined,
    },
    answer,
  };
}

/** SQL about access that services run inside the merchant's RLS transaction. */
export const accessRepository = {
  /** Whether the account is in the Staff group now (a token carries the groups it was issued with). */
  async isStaffNow(tx: Tx, userId: string): Promise<boolean> {
    const [row] = await tx
      .select({ userId: userGroups.userId })
      .from(userGroups)
      .where(and(eq(userGroups.userId, userId), eq(userGroups.groupName, STAFF_GROUP)))
      .limit(1);
    return row !== undefined;
  },

  async liveOverride(tx: Tx, merchantId: string, staffUserId: string, now: Date) {
    const [row] = await tx
      .select()
      .from(staffOverrides)
      .where(
        and(
          eq(staffOverrides.merchantId, merchantId),
          eq(staffOverrides.staffUserId, staffUserId),
          isNull(staffOverrides.endedAt),
          gt(staffOverrides.expiresAt, now),
        ),
      )
      .limit(1);
    return row;
  },
};
