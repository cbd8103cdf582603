import type { Role } from '@mp/domain/permissions';
import { and, desc, eq, gt, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Tx } from '../../access/tenant-db.ts';
import { merchantInvitations, merchants, users } from '../../db/schema/index.ts';

export interface InvitationRow {
  id: string;
  merchantId: string;
  inviteeUserId: string;
  email: string;
  companyRoles: Role[];
  siteRoles: { siteId: string; roles: Role[] }[];
  status: string;
  invitedBy: string | null;
  invitedByEmail: string | null;
  createdAt: Date;
  expiresAt: Date;
  decidedAt: Date | null;
}

const inviter = alias(users, 'inviter');

const columns = {
  id: merchantInvitations.id,
  merchantId: merchantInvitations.merchantId,
  inviteeUserId: merchantInvitations.inviteeUserId,
  email: merchantInvitations.email,
  companyRoles: merchantInvitations.companyRoles,
  siteRoles: merchantInvitations.siteRoles,
  status: merchantInvitations.status,
  invitedBy: merchantInvitations.invitedBy,
  invitedByEmail: inviter.email,
  createdAt: merchantInvitations.createdAt,
  expiresAt: merchantInvitations.expiresAt,
  decidedAt: merchantInvitations.decidedAt,
};

const asRow = (
  row: Omit<InvitationRow, 'companyRoles' | 'siteRoles'> & { companyRoles: string[]; siteRoles: unknown },
) =>
  ({
    ...row,
    companyRoles: row.companyRoles as Role[],
    siteRoles: row.siteRoles as InvitationRow['siteRoles'],
  }) satisfies InvitationRow;

/**
 * SQL of invitations (issue 8 §1). Merchant-side functions run inside the merchant's RLS transaction
 * (`forMerchant`); `inbox` runs inside `forUser`, where policy `invitee_self` shows only the user's own.
 */
export const invitationsRepository = {
  /** The merchant's latest invitation per invited account, newest first (the users list shows them). */
  async latestPerInvitee(tx: Tx, merchantId: string): Promise<InvitationRow[]> {
    const rows = await tx
      .selectDistinctOn([merchantInvitations.inviteeUserId], columns)
      .from(merchantInvitations)
      .leftJoin(inviter, eq(inviter.id, merchantInvitations.invitedBy))
      .where(eq(merchantInvitations.merchantId, merchantId))
      // Ties (same instant): the pending one is the live one.
      .orderBy(
        merchantInvitations.inviteeUserId,
        desc(merchantInvitations.createdAt),
        desc(sql`${merchantInvitations.status} = 'pending'`),
      );
    return rows.map(asRow).sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
  },

  async byId(
    tx: Tx,
    merchantId: string,
    invitationId: string,
    lock = false,
  ): Promise<InvitationRow | undefined> {
    const query = tx
      .select(columns)
      .from(merchantInvitations)
      .leftJoin(inviter, eq(inviter.id, merchantInvitations.invitedBy))
      .where(and(eq(merchantInvitations.merchantId, merchantId), eq(merchantInvitations.id, invitationId)));
    const [row] = lock ? await query.for('update', { of: merchantInvitations }) : await query;
    return row ? asRow(row) : undefined;
  },

  /** The pending invitation of the account to the merchant, locked (one pending invitation at a time). */
  async pendingFor(tx: Tx, merchantId: string, userId: string): Promise<InvitationRow | undefined> {
    const [row] = await tx
      .select(columns)
      .from(merchantInvitations)
      .leftJoin(inviter, eq(inviter.id, merchantInvitations.invitedBy))
      .where(
        and(
          eq(merchantInvitations.merchantId, merchantId),
          eq(merchantInvitations.inviteeUserId, userId),
          eq(merchantInvitations.status, 'pending'),
        ),
      )
      .for('update', { of: merchantInvitations });
    return row ? asRow(row) : undefined;
  },

  /**
   * The merchant's pending invitations not yet past their expiry, made by `invitedBy` when given, locked until
   * the transaction ends (decision 0132: those a removal, demotion or transfer closes).
   */
  async livePending(tx: Tx, merchantId: string, now: Date, invitedBy?: string): Promise<InvitationRow[]> {
    const conditions: SQL[] = [
      eq(merchantInvitations.merchantId, merchantId),
      eq(merchantInvitations.status, 'pending'),
      gt(merchantInvitations.expiresAt, now),
    ];
    if (invitedBy !== undefined) conditions.push(eq(merchantInvitations.invitedBy, invitedBy));
    const rows = await tx
      .select(columns)
      .from(merchantInvitations)
      .leftJoin(inviter, eq(inviter.id, merchantInvitations.invitedBy))
      .where(and(...conditions))
      .orderBy(merchantInvitations.createdAt)
      .for('update', { of: merchantInvitations });
    return rows.map(asRow);
  },

  /** Null when a concurrent request made the pending invitation first (the partial unique index). */
  async insert(
    tx: Tx,
    values: {
      merchantId: string;
      inviteeUserId: string;
      email: string;
      companyRoles: Role[];
      siteRoles: { siteId: string; roles: Role[] }[];
      invitedBy: string;
      createdAt: Date;
      expiresAt: Date;
    },
  ): Promise<string | null> {
    const [row] = await tx
      .insert(merchantInvitations)
      .values({ ...values, status: 'pending' })
      .onConflictDoNothing()
      .returning({ id: merchantInvitations.id });
    return row?.id ?? null;
  },

  async decide(
    tx: Tx,
    merchantId: string,
    invitationId: string,
    status: 'accepted' | 'declined' | 'revoked' | 'expired',
    now: Date,
  ): Promise<void> {
    await tx
      .update(merchantInvitations)
      .set({ status, decidedAt: now })
      .where(and(eq(merchantInvitations.merchantId, merchantId), eq(merchantInvitations.id, invitationId)));
  },

  /** The user's pending, unexpired invitations with the inviting company's name (inside `forUser`). */
  async inbox(tx: Tx, userId: string, now: Date) {
    const rows = await tx
      .select({ ...columns, merchantName: merchants.legalEntityName })
      .from(merchantInvitations)
      .innerJoin(merchants, eq(merchants.id, merchantInvitations.merchantId))
      .leftJoin(inviter, eq(inviter.id, merchantInvitations.invitedBy))
      .where(
        and(
          eq(merchantInvitations.inviteeUserId, userId),
          eq(merchantInvitations.status, 'pending'),
          gt(merchantInvitations.expiresAt, now),
        ),
      )
      .orderBy(desc(merchantInvitations.createdAt));
    return rows.map((row) => ({ ...asRow(row), merchantName: row.merchantName }));
  },

  async merchantName(tx: Tx, merchantId: string): Promise<string> {
    const [row] = await tx
      .select({ name: merchants.legalEntityName })
      .from(merchants)
      .where(eq(merchants.id, merchantId));
    return row?.name ?? '';
  },

  /** The merchant an invitation of the user belongs to (inside `forUser`), to open its transaction. */
  async merchantOfOwn(tx: Tx, userId: string, invitationId: string): Promise<string | undefined> {
    const [row] = await tx
      .select({ merchantId: merchantInvitations.merchantId })
      .from(merchantInvitations)
      .where(and(eq(merchantInvitations.id, invitationId), eq(merchantInvitations.inviteeUserId, userId)));
    return row?.merchantId;
  },
};
