import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../access/tenant-db.ts';
import { merchantMemberships } from '../../db/schema/access.ts';
import { billingAdjustments, billingSettings, rates } from '../../db/schema/billing.ts';
import { users } from '../../db/schema/identity.ts';
import { merchants } from '../../db/schema/merchants.ts';
import { kycSessions, onboardingApplications } from '../../db/schema/onboarding.ts';
import { sites } from '../../db/schema/sites.ts';

export type ApplicationRow = typeof onboardingApplications.$inferSelect;
export type KycSessionRow = typeof kycSessions.$inferSelect;

/** All SQL of onboarding. Applications are read as their applicant (`forUser`), the rest as the new merchant. */
export const onboardingRepository = {
  async userLocale(tx: Tx, userId: string): Promise<string> {
    const [row] = await tx.select({ locale: users.locale }).from(users).where(eq(users.id, userId));
    return row?.locale ?? 'en-GB';
  },

  /** The applicant's newest application that is in progress, else the newest submitted one. */
  async current(tx: Tx, userId: string): Promise<ApplicationRow | undefined> {
    const [row] = await tx
      .select()
      .from(onboardingApplications)
      .where(eq(onboardingApplications.userId, userId))
      .orderBy(
        sql`${onboardingApplications.status} = 'in-progress' desc`,
        desc(onboardingApplications.createdAt),
      )
      .limit(1);
    return row;
  },

  async byId(tx: Tx, applicationId: string): Promise<ApplicationRow | undefined> {
    const [row] = await tx
      .select()
      .from(onboardingApplications)
      .where(eq(onboardingApplications.id, applicationId))
      .for('update');
    return row;
  },

  async byShortcode(tx: Tx, shortcodeHash: string): Promise<ApplicationRow | undefined> {
    const [row] = await tx
      .select()
      .from(onboardingApplications)
      .where(
        and(
          eq(onboardingApplications.shortcodeHash, shortcodeHash),
          eq(onboardingApplications.status, 'in-progress'),
        ),
      );
    return row;
  },

  async shortcodeInUse(tx: Tx, shortcodeHash: string): Promise<boolean> {
    const result = await tx.execute(sql`select onboarding_shortcode_in_use(${shortcodeHash}) as used`);
    return Boolean((result as unknown as { rows: { used: boolean }[] }).rows[0]?.used);
  },

  async emailInUse(tx: Tx, email: string): Promise<boolean> {
    const result = await tx.execute(sql`select onboarding_email_in_use(${email}) as used`);
    return Boolean((result as unknown as { rows: { used: boolean }[] }).rows[0]?.used);
  },

  async insert(tx: Tx, values: typeof onboardingApplications.$inferInsert): Promise<ApplicationRow> {
    const [row] = await tx.insert(onboardingApplications).values(values).returning();
    return row as ApplicationRow;
  },

  async update(
    tx: Tx,
    applicationId: string,
    values: Partial<typeof onboardingApplications.$inferInsert>,
  ): Promise<ApplicationRow> {
    const [row] = await tx
      .update(onboardingApplications)
      .set(values)
      .where(eq(onboardingApplications.id, applicationId))
      .returning();
    return row as ApplicationRow;
  },

  async insertMerchant(tx: Tx, values: typeof merchants.$inferInsert): Promise<void> {
    await tx.insert(merchants).values(values);
  },

  async insertOwner(tx: Tx, merchantId: string, userId: string, now: Date): Promise<void> {
    await tx.insert(merchantMemberships).values({
      merchantId,
      userId,
      companyRoles: ['CompanyOwner'],
      createdAt: now,
      updatedAt: now,
    });
  },

  async insertSite(tx: Tx, values: typeof sites.$inferInsert): Promise<void> {
    await tx.insert(sites).values(values);
  },

  async insertRates(tx: Tx, values: typeof rates.$inferInsert): Promise<void> {
    await tx.insert(rates).values(values);
  },

  /** A deal's monthly fees and discounts (decision 0079), copied with its rates. */
  async insertAdjustments(tx: Tx, rows: (typeof billingAdjustments.$inferInsert)[]): Promise<void> {
    if (rows.length > 0) await tx.insert(billingAdjustments).values(rows);
  },

  async insertBillingSettings(tx: Tx, values: typeof billingSettings.$inferInsert): Promise<void> {
    await tx.insert(billingSettings).values(values).onConflictDoNothing();
  },

  async merchantKyc(tx: Tx, merchantId: string) {
    const [row] = await tx
      .select({ id: merchants.id, kycOnboardingStatus: merchants.kycOnboardingStatus })
      .from(merchants)
      .where(eq(merchants.id, merchantId))
      .for('update');
    return row;
  },

  async setMerchantKyc(tx: Tx, merchantId: string, status: string, now: Date): Promise<void> {
    await tx
      .update(merchants)
      .set({ kycOnboardingStatus: status, updatedAt: now })
      .where(eq(merchants.id, merchantId));
  },

  async insertKycSession(tx: Tx, values: typeof kycSessions.$inferInsert): Promise<void> {
    await tx.insert(kycSessions).values(values);
  },

  async kycSessionByToken(tx: Tx, tokenHash: string): Promise<KycSessionRow | undefined> {
    const [row] = await tx
      .select()
      .from(kycSessions)
      .where(eq(kycSessions.tokenHash, tokenHash))
      .for('update');
    return row;
  },

  /**
   * Closes every unused link of the merchant (staff recorded the outcome: decision 0137), so none can decide
   * afterwards; the outcome says who closed it. Returns how many were closed.
   */
  async closeOpenKycSessions(tx: Tx, merchantId: string, outcome: string, now: Date): Promise<number> {
    const rows = await tx
      .update(kycSessions)
      .set({ completedAt: now, outcome, updatedAt: now })
      .where(and(eq(kycSessions.merchantId, merchantId), isNull(kycSessions.completedAt)))
      .returning({ id: kycSessions.id });
    return rows.length;
  },

  /** Marks the session used; false when another request completed it first. */
  async completeKycSession(tx: Tx, sessionId: string, outcome: string, now: Date): Promise<boolean> {
    const rows = await tx
      .update(kycSessions)
      .set({ completedAt: now, outcome, updatedAt: now })
      .where(and(eq(kycSessions.id, sessionId), isNull(kycSessions.completedAt)))
      .returning({ id: kycSessions.id });
    return rows.length === 1;
  },
};
