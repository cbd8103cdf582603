import { createHash, randomBytes } from 'node:crypto';
import { BILLING_RECOMMENDED_PAYMENT_METHODS } from '@mp/domain/constants';
import type { PaymentMethodType } from '@mp/domain/enums';
import { DEFAULT_LOCALE, isLocale, type Locale } from '@mp/domain/locales';
import type { MerchantAccessContext } from '../../access/route-access.ts';
import { isUuid, type TenantDb } from '../../access/tenant-db.ts';
import type {
  BillingProvider,
  CollectionResult,
  ProviderPaymentMethod,
} from '../../adapters/billing/billing-port.ts';
import type { ESignProvider } from '../../adapters/esign/esign-port.ts';
import type { Clock } from '../../clock.ts';
import { notFound } from '../../plugins/errors.ts';
import { applyProviderInvoiceState } from '../invoices/stripe-invoice.ts';
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
  /** Settles an invoice's processing payment when the provider's webhook says how it ended. */
  settlePayment?: (merchantId: string, invoiceId: string, result: CollectionResult) => Promise<unknown>;
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
        // The page speaks the signer's language, as the rates document sent for signature does.
        const saved = (await repo.signer(tx, merchantId))?.locale;
        const locale: Locale = isLocale(saved) ? saved : DEFAULT_LOCALE;
        return { envelopeId: envelope.id, rates: current, locale };
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

    /**
     * SPEC §7 POST …/billing/session: paymentToken and stripePublicKey. With the simulator the token opens its
     * hosted page; with Stripe it is the SetupIntent's client secret the portal mounts Elements with (the
     * customer is created on first use and kept on the merchant).
     */
    async createSession(access: MerchantAccessContext) {
      const token = randomBytes(32).toString('base64url');
      const now = clock.now();
      const setup = deps.provider.hostedSetup;
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
      if (!setup) {
        return {
          sessionId: session.id,
          paymentToken: token,
          stripePublicKey: deps.provider.publicKey,
          hostedPageUrl: new URL(
            `/api/billing-simulator/${access.merchantId}/${token}`,
            deps.publicUrl,
          ).toString(),
        };
      }
      // Provider calls run outside any transaction; their results are written after.
      const billingEmail = await tenantDb.forMerchant(
        access.merchantId,
        async (tx) => (await repo.settings(tx, access.merchantId))?.billingEmail ?? null,
      );
      const customerId = await setup.ensureCustomer({
        merchantId: access.merchantId,
        name: access.merchant.legalEntityName,
        email: billingEmail,
        existing: access.merchant.stripeCustomerId,
      });
      const intent = await setup.createSetupIntent({
        customerId,
        merchantId: access.merchantId,
        sessionId: session.id,
      });
      await tenantDb.forMerchant(access.merchantId, (tx) =>
        repo.attachProviderSession(tx, access.merchantId, session.id, {
          providerSessionId: intent.id,
          tokenHash: sha256(intent.clientSecret),
          customerId,
        }),
      );
      return {
        sessionId: session.id,
        paymentToken: intent.clientSecret,
        stripePublicKey: deps.provider.publicKey,
        hostedPageUrl: new URL('/billing/payment-methods/new', deps.publicUrl).toString(),
      };
    },

    /** What the success page shows: the session's real result. */
    async sessionResult(access: MerchantAccessContext, sessionId: string) {
      const setup = deps.provider.hostedSetup;
      if (setup) {
        // A Stripe session still open here: ask Stripe (the webhook may not have arrived yet).
        const open = await tenantDb.forMerchant(access.merchantId, (tx) =>
          repo.sessionById(tx, access.merchantId, sessionId),
        );
        if (open?.status === 'open' && open.providerSessionId) {
          const result = await setup.setupResult(open.providerSessionId);
          if (result.status !== 'open')
            await this.completeProviderSession(access.merchantId, sessionId, result);
        }
      }
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
      const session = await tenantDb.forMerchant(merchantId, (tx) => repo.sessionByToken(tx, sha256(token)));
      if (session?.status !== 'open' || session.expiresAt <= clock.now()) return null;
      const done = await this.completeProviderSession(
        merchantId,
        session.id,
        'declined' in outcome
          ? { status: 'failed', reason: outcome.declined }
          : { status: 'succeeded', method: outcome.method },
      );
      return done ? { sessionId: session.id } : null;
    },

    /**
     * A session's end, once (a second completion finds it no longer open): the payment method saved (the first
     * becomes the default), or the failure recorded. Used by the simulator's page, Stripe's webhook and the
     * success page's check with Stripe.
     */
    async completeProviderSession(
      merchantId: string,
      sessionId: string,
      result: { status: 'succeeded'; method: ProviderPaymentMethod } | { status: 'failed'; reason: string },
    ): Promise<boolean> {
      return tenantDb.forMerchant(merchantId, async (tx) => {
        const now = clock.now();
        const session = await repo.sessionById(tx, merchantId, sessionId, { lock: true });
        if (session?.status !== 'open') return false;
        if (result.status === 'failed') {
          return repo.completeSession(
            tx,
            session.id,
            { status: 'failed', failureReason: result.reason },
            now,
          );
        }
        const settings = await repo.lockSettings(tx, merchantId);
        const existing = await repo.paymentMethodByProviderId(
          tx,
          merchantId,
          result.method.providerPaymentMethodId,
        );
        const method =
          existing ??
          (await repo.insertPaymentMethod(tx, {
            merchantId,
            ...result.method,
            createdAt: now,
            updatedAt: now,
          }));
        if (!settings.defaultPaymentMethodId) await repo.setDefault(tx, merchantId, method.id, now);
        return repo.completeSession(tx, session.id, { status: 'succeeded', paymentMethodId: method.id }, now);
      });
    },

    /**
     * Stripe's webhook: the signature checked by the adapter, then the session completed, or an invoice's
     * Direct Debit settled, from Stripe's state.
     */
    async handleProviderWebhook(rawBody: Buffer, signature: string): Promise<'handled' | 'ignored'> {
      const setup = deps.provider.hostedSetup;
      if (!setup) return 'ignored';
      const event = await setup.webhookEvent(rawBody, signature);
      // Ids come from the intent's metadata: anything but our own UUIDs names nothing of ours (and must not
      // reach a uuid column as a 500, which Stripe would retry for days).
      if (event && !isUuid(event.merchantId)) return 'ignored';
      if (event?.kind === 'invoice') {
        if (!isUuid(event.invoiceId)) return 'ignored';
        const { merchantId, invoiceId, state } = event;
        await tenantDb.forMerchant(merchantId, (tx) =>
          applyProviderInvoiceState(tx, merchantId, invoiceId, state, clock.now()),
        );
        return 'handled';
      }
      if (event?.kind === 'payment') {
        if (!isUuid(event.invoiceId)) return 'ignored';
        if (!deps.settlePayment || event.result.status === 'processing') return 'ignored';
        await deps.settlePayment(event.merchantId, event.invoiceId, event.result);
        return 'handled';
      }
      if (!event || event.result.status === 'open' || !isUuid(event.sessionId)) return 'ignored';
      await this.completeProviderSession(event.merchantId, event.sessionId, event.result);
      return 'handled';
    },
  };
}

export type BillingService = ReturnType<typeof createBillingService>;
