import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../access/tenant-db.ts';
import { merchantMemberships } from '../../db/schema/access.ts';
import { billingSettings, paymentMethods, rates } from '../../db/schema/billing.ts';
import { billingSessions } from '../../db/schema/billing-sessions.ts';
import { users } from '../../db/schema/identity.ts';
import { merchants } from '../../db/schema/merchants.ts';
import { rateSignatures } from '../../db/schema/rate-signatures.ts';

export type PaymentMethodRow = typeof paymentMethods.$inferSelect;
export type BillingSessionRow = typeof billingSessions.$inferSelect;

/** All SQL of billing, always inside a tenant transaction (`forMerchant`). */
export const billingRepository = {
  /** The settings row, created empty on first use and locked for the rest of the transaction. */
  async lockSettings(tx: Tx, merchantId: string) {
    await tx.insert(billingSettings).values({ merchantId }).onConflictDoNothing();
    const [row] = await tx
      .select()
      .from(billingSettings)
      .where(eq(billingSettings.merchantId, merchantId))
      .for('update');
    return row as typeof billingSettings.$inferSelect;
  },

  async settings(tx: Tx, merchantId: string) {
    const [row] = await tx.select().from(billingSettings).where(eq(billingSettings.merchantId, merchantId));
    return row;
  },

  async activePaymentMethods(tx: Tx, merchantId: string): Promise<PaymentMethodRow[]> {
    return tx
      .select()
      .from(paymentMethods)
      .where(and(eq(paymentMethods.merchantId, merchantId), isNull(paymentMethods.deletedAt)))
      .orderBy(asc(paymentMethods.createdAt), asc(paymentMethods.id));
  },

  async activePaymentMethod(tx: Tx, merchantId: string, id: string): Promise<PaymentMethodRow | undefined> {
    const [row] = await tx
      .select()
      .from(paymentMethods)
      .where(
        and(
          eq(paymentMethods.merchantId, merchantId),
          eq(paymentMethods.id, id),
          isNull(paymentMethods.deletedAt),
        ),
      );
    return row;
  },

  async currentRates(tx: Tx, merchantId: string) {
    const [row] = await tx
      .select()
      .from(rates)
      .where(and(eq(rates.merchantId, merchantId), isNull(rates.effectiveTo)));
    return row;
  },

  /** The e-signature envelope of one rates version, created once (unique per merchant and rates). */
  async ensureEnvelope(tx: Tx, merchantId: string, ratesId: string, provider: string) {
    await tx.insert(rateSignatures).values({ merchantId, ratesId, provider }).onConflictDoNothing();
    const [row] = await tx
      .select()
      .from(rateSignatures)
      .where(and(eq(rateSignatures.merchantId, merchantId), eq(rateSignatures.ratesId, ratesId)));
    return row as typeof rateSignatures.$inferSelect;
  },

  /**
   * The merchant's first CompanyOwner, who signs its rates: the e-signature goes to them, and the rates document
   * and the signing page speak their saved language.
   */
  async signer(tx: Tx, merchantId: string) {
    const [row] = await tx
      .select({
        userId: users.id,
        email: users.email,
        firstName: users.firstName,
        lastName: users.lastName,
        locale: users.locale,
      })
      .from(merchantMemberships)
      .innerJoin(users, eq(users.id, merchantMemberships.userId))
      .where(
        and(
          eq(merchantMemberships.merchantId, merchantId),
          sql`'CompanyOwner' = any(${merchantMemberships.companyRoles})`,
        ),
      )
      .orderBy(asc(merchantMemberships.createdAt), asc(users.id))
      .limit(1);
    return row;
  },

  async envelope(tx: Tx, merchantId: string, id: string) {
    const [row] = await tx
      .select()
      .from(rateSignatures)
      .where(and(eq(rateSignatures.merchantId, merchantId), eq(rateSignatures.id, id)))
      .for('update');
    return row;
  },

  async markSigned(
    tx: Tx,
    merchantId: string,
    id: string,
    signer: { name: string; ip: string | null },
    now: Date,
  ) {
    const rows = await tx
      .update(rateSignatures)
      .set({ status: 'signed', signerName: signer.name, signerIp: signer.ip, signedAt: now, updatedAt: now })
      .where(
        and(
          eq(rateSignatures.merchantId, merchantId),
          eq(rateSignatures.id, id),
          eq(rateSignatures.status, 'sent'),
        ),
      )
      .returning({ id: rateSignatures.id });
    if (rows.length !== 1) return false;
    await tx
      .update(billingSettings)
      .set({ hasSignedRates: true, ratesSignedAt: now, ratesSignUrl: null, updatedAt: now })
      .where(eq(billingSettings.merchantId, merchantId));
    return true;
  },

  /** A new rates version waits for its own signature (device orders and the banner follow hasSignedRates). */
  async markUnsigned(tx: Tx, merchantId: string, now: Date) {
    await tx
      .update(billingSettings)
      .set({ hasSignedRates: false, ratesSignedAt: null, ratesSignUrl: null, updatedAt: now })
      .where(eq(billingSettings.merchantId, merchantId));
  },

  async setBillingEmail(tx: Tx, merchantId: string, billingEmail: string, now: Date) {
    await tx
      .update(billingSettings)
      .set({ billingEmail, updatedAt: now })
      .where(eq(billingSettings.merchantId, merchantId));
  },

  async setDefault(tx: Tx, merchantId: string, paymentMethodId: string | null, now: Date) {
    await tx
      .update(billingSettings)
      .set({ defaultPaymentMethodId: paymentMethodId, updatedAt: now })
      .where(eq(billingSettings.merchantId, merchantId));
  },

  async softDelete(tx: Tx, merchantId: string, id: string, now: Date) {
    await tx
      .update(paymentMethods)
      .set({ deletedAt: now, updatedAt: now })
      .where(and(eq(paymentMethods.merchantId, merchantId), eq(paymentMethods.id, id)));
  },

  async insertPaymentMethod(tx: Tx, values: typeof paymentMethods.$inferInsert): Promise<PaymentMethodRow> {
    const [row] = await tx.insert(paymentMethods).values(values).returning();
    return row as PaymentMethodRow;
  },

  async insertSession(tx: Tx, values: typeof billingSessions.$inferInsert): Promise<BillingSessionRow> {
    const [row] = await tx.insert(billingSessions).values(values).returning();
    return row as BillingSessionRow;
  },

  async sessionByToken(tx: Tx, tokenHash: string): Promise<BillingSessionRow | undefined> {
    const [row] = await tx
      .select()
      .from(billingSessions)
      .where(eq(billingSessions.tokenHash, tokenHash))
      .for('update');
    return row;
  },

  async sessionById(
    tx: Tx,
    merchantId: string,
    id: string,
    options: { lock?: boolean } = {},
  ): Promise<BillingSessionRow | undefined> {
    const query = tx
      .select()
      .from(billingSessions)
      .where(and(eq(billingSessions.merchantId, merchantId), eq(billingSessions.id, id)));
    const [row] = options.lock ? await query.for('update') : await query;
    return row;
  },

  /** The provider's SetupIntent of a session; the merchant's customer id, kept the first time. */
  async attachProviderSession(
    tx: Tx,
    merchantId: string,
    id: string,
    values: { providerSessionId: string; tokenHash: string; customerId: string },
  ) {
    await tx
      .update(billingSessions)
      .set({ providerSessionId: values.providerSessionId, tokenHash: values.tokenHash })
      .where(and(eq(billingSessions.merchantId, merchantId), eq(billingSessions.id, id)));
    await tx
      .update(merchants)
      .set({ stripeCustomerId: values.customerId })
      .where(and(eq(merchants.id, merchantId), isNull(merchants.stripeCustomerId)));
  },

  async paymentMethodByProviderId(tx: Tx, merchantId: string, providerId: string) {
    const [row] = await tx
      .select()
      .from(paymentMethods)
      .where(
        and(
          eq(paymentMethods.merchantId, merchantId),
          eq(paymentMethods.providerPaymentMethodId, providerId),
          isNull(paymentMethods.deletedAt),
        ),
      );
    return row;
  },

  async completeSession(
    tx: Tx,
    id: string,
    values: {
      status: 'succeeded' | 'failed';
      paymentMethodId?: string | null;
      failureReason?: string | null;
    },
    now: Date,
  ): Promise<boolean> {
    const rows = await tx
      .update(billingSessions)
      .set({ ...values, completedAt: now, updatedAt: now })
      .where(and(eq(billingSessions.id, id), eq(billingSessions.status, 'open')))
      .returning({ id: billingSessions.id });
    return rows.length === 1;
  },
};
