import { createHash, randomBytes } from 'node:crypto';
import { BILLING_RECOMMENDED_PAYMENT_METHODS } from '@mp/domain/constants';
import type { PaymentMethodType } from '@mp/domain/enums';
import type { MerchantAccessContext } from '../../access/route-access.ts';
import type { TenantDb } from '../../access/tenant-db.ts';
import type { BillingProvider, ProviderPaymentMethod } from '../../adapters/billing/billing-port.ts';
import type { ESignProvider } from '../../adapters/esign/esign-port.ts';
import type { Clock } from '../../clock.ts';
import { notFound } from '../../plugins/errors.ts';
import { type PaymentMethodRow, billingRepository as repo } from './repository.ts';

/** How long a checkout session (the hosted page) stays usable. */
export const BILLING_SESSION_TTL_MS = 60 * 60 * 1000;

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

export interface PaymentMethodView {
  paymentMethodId: string;
  type: PaymentMethodType;
  brand: string | null;
  lastFour: string | null;
  expMonth: number | null;
  expYear: number | null;
  isDefault: boolean;
}

function toView(row: PaymentMethodRow, defaultId: string | null): PaymentMethodView {
  return {
    paymentMethodId: row.id,
    type: row.type as PaymentMethodType,
    brand: row.brand,
    lastFour: row.lastFour,
    expMonth: row.expMonth,
    expYear: row.expYear,
    isDefault: row.id === defaultId,
  };
}

export function createBillingService(deps: {
  tenantDb: TenantDb;
  clock: Clock;
  provider: BillingProvider;
  esign: ESignProvider;
  publicUrl: string;
}) {
  const { tenantDb, clock } = deps;
  return {
    /** SPEC §3 Billing settings, plus what the warning banner (SPEC §2.3) decides on. */
    async settings(access: MerchantAccessContext) {
      return tenantDb.forMerchant(access.merchantId, async (tx) => {
        const settings = await repo.settings(tx, access.merchantId);
        const current = await repo.currentRates(tx, access.merchantId);
        const hasSignedRates = settings?.hasSignedRates ?? false;
        // Unsigned rates get an e-signature envelope (once per rates version); its hosted page is ratesSignUrl.
        const envelope =
          current && !hasSignedRates
            ? await repo.ensureEnvelope(tx, access.merchantId, current.id, deps.esign.name)
            : undefined;
        const methods = await repo.activePaymentMethods(tx, access.merchantId);
        const defaultId =
          settings?.defaultPaymentMethodId && methods.some((m) => m.id === settings.defaultPaymentMethodId)
            ? settings.defaultPaymentMethodId
            : null;
        return {
          paymentMethods: methods.map((m) => toView(m, defaultId)),
          defaultPaymentMethod: defaultId,
          stripeCustomerId: access.merchant.stripeCustomerId,
          hasRates: Boolean(current),
          hasSignedRates,
          ratesSignUrl:
            envelope?.status === 'sent'
              ? deps.esign.signingUrl({ merchantId: access.merchantId, envelopeId: envelope.id })
              : null,
          billingEmail: settings?.billingEmail ?? null,
          recommendedPaymentMethods: BILLING_RECOMMENDED_PAYMENT_METHODS,
        };
      });
    },

    /** Where invoices are sent (§8: a failure shows a retry message in the portal). */
    async setBillingEmail(access: MerchantAccessContext, billingEmail: string) {
      await tenantDb.forMerchant(access.merchantId, async (tx) => {
        await repo.lockSettings(tx, access.merchantId);
        await repo.setBillingEmail(tx, access.merchantId, billingEmail, clock.now());
      });
      return this.settings(access);
    },

    /** The simulated e-signature page: the envelope and the rates it covers, while it waits for a signature. */
    async openEnvelope(merchantId: string, envelopeId: string) {
      return tenantDb.forMerchant(merchantId, async (tx) => {
        const envelope = await repo.envelope(tx, merchantId, envelopeId);
        if (envelope?.status !== 'sent') return null;
        const current = await repo.currentRates(tx, merchantId);
        if (!current || current.id !== envelope.ratesId) return null; // superseded rates
        return { envelopeId: envelope.id, rates: current };
      });
    },

    /** Records the signature (typed name, time, address) and flips hasSignedRates; once per envelope. */
    async signEnvelope(merchantId: string, envelopeId: string, signer: { name: string; ip: string }) {
      return tenantDb.forMerchant(merchantId, async (tx) => {
        const envelope = await repo.envelope(tx, merchantId, envelopeId);
        if (envelope?.status !== 'sent') return false;
        const current = await repo.currentRates(tx, merchantId);
        if (!current || current.id !== envelope.ratesId) return false;
        await repo.lockSettings(tx, merchantId);
        return repo.markSigned(tx, merchantId, envelopeId, signer, clock.now());
      });
    },

    async setDefault(access: MerchantAccessContext, paymentMethodId: string) {
      await tenantDb.forMerchant(access.merchantId, async (tx) => {
        await repo.lockSettings(tx, access.merchantId);
        const method = await repo.activePaymentMethod(tx, access.merchantId, paymentMethodId);
        if (!method) throw notFound('Payment method not found');
        await repo.setDefault(tx, access.merchantId, method.id, clock.now());
      });
      return this.settings(access);
    },

    /** Deleting the default leaves the merchant without one until another is made default. */
    async remove(access: MerchantAccessContext, paymentMethodId: string) {
      await tenantDb.forMerchant(access.merchantId, async (tx) => {
        const settings = await repo.lockSettings(tx, access.merchantId);
        const method = await repo.activePaymentMethod(tx, access.merchantId, paymentMethodId);
        if (!method) throw notFound('Payment method not found');
        const now = clock.now();
        await repo.softDelete(tx, access.merchantId, method.id, now);
        if (settings.defaultPaymentMethodId === method.id)
          await repo.setDefault(tx, access.merchantId, null, now);
      });
      return this.settings(access);
    },

    /** SPEC §7 POST …/billing/session: paymentToken (the hosted page's credential) and stripePublicKey. */
    async createSession(access: MerchantAccessContext) {
      const token = randomBytes(32).toString('base64url');
      const now = clock.now();
      const session = await tenantDb.forMerchant(access.merchantId, (tx) =>
        repo.insertSession(tx, {
          merchantId: access.merchantId,
          tokenHash: sha256(token),
          provider: deps.provider.name,
          createdBy: access.actor.userId,
          expiresAt: new Date(now.getTime() + BILLING_SESSION_TTL_MS),
          createdAt: now,
          updatedAt: now,
        }),
      );
      return {
        sessionId: session.id,
        paymentToken: token,
        stripePublicKey: deps.provider.publicKey,
        hostedPageUrl: new URL(
          `/api/billing-simulator/${access.merchantId}/${token}`,
          deps.publicUrl,
        ).toString(),
      };
    },

    /** What the success page shows: the session's real result. */
    async sessionResult(access: MerchantAccessContext, sessionId: string) {
      return tenantDb.forMerchant(access.merchantId, async (tx) => {
        const session = await repo.sessionById(tx, access.merchantId, sessionId);
        if (!session) throw notFound('Billing session not found');
        const method = session.paymentMethodId
          ? await repo.activePaymentMethod(tx, access.merchantId, session.paymentMethodId)
          : undefined;
        const settings = await repo.settings(tx, access.merchantId);
        return {
          sessionId: session.id,
          status: session.status as 'open' | 'succeeded' | 'failed',
          failureReason: session.failureReason,
          paymentMethod: method ? toView(method, settings?.defaultPaymentMethodId ?? null) : null,
        };
      });
    },

    /** The simulated provider's hosted page: is this token usable? */
    async openSession(merchantId: string, token: string) {
      return tenantDb.forMerchant(merchantId, async (tx) => {
        const session = await repo.sessionByToken(tx, sha256(token));
        if (session?.status !== 'open' || session.expiresAt <= clock.now()) return null;
        return { sessionId: session.id };
      });
    },

    /**
     * The simulated provider's answer, once per session: a payment method (display facts only) or a decline.
     * The first payment method becomes the default.
     */
    async completeSession(
      merchantId: string,
      token: string,
      outcome: { method: ProviderPaymentMethod } | { declined: string },
    ): Promise<{ sessionId: string } | null> {
      return tenantDb.forMerchant(merchantId, async (tx) => {
        const now = clock.now();
        const session = await repo.sessionByToken(tx, sha256(token));
        if (session?.status !== 'open' || session.expiresAt <= now) return null;
        if ('declined' in outcome) {
          await repo.completeSession(
            tx,
            session.id,
            { status: 'failed', failureReason: outcome.declined },
            now,
          );
          return { sessionId: session.id };
        }
        const settings = await repo.lockSettings(tx, merchantId);
        const method = await repo.insertPaymentMethod(tx, {
          merchantId,
          ...outcome.method,
          createdAt: now,
          updatedAt: now,
        });
        if (!settings.defaultPaymentMethodId) await repo.setDefault(tx, merchantId, method.id, now);
        await repo.completeSession(tx, session.id, { status: 'succeeded', paymentMethodId: method.id }, now);
        return { sessionId: session.id };
      });
    },
  };
}

export type BillingService = ReturnType<typeof createBillingService>;
