import { and, eq, ne, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { isUuid, type TenantDb, type Tx } from '../../access/tenant-db.ts';
import type { ESignProvider, ESignVendor } from '../../adapters/esign/esign-port.ts';
import type { Clock } from '../../clock.ts';
import { merchants } from '../../db/schema/merchants.ts';
import { rateSignatures } from '../../db/schema/rate-signatures.ts';
import { renderRatesDocument } from './rates-document.ts';
import { billingRepository as repo } from './repository.ts';

/** What `newRatesVersion` leaves for `send` to do once the caller's transaction has committed. */
export interface PendingRatesEnvelope {
  merchantId: string;
  /** Our envelope of the new current rates version (rate_signatures.id). */
  envelopeId: string;
  /** The vendor's envelopes of replaced, never-signed versions: voided at the vendor by `send`. */
  superseded: string[];
}

export type RatesSigning = ReturnType<typeof createRatesSigning>;

const VOID_REASON = 'Replaced by a newer version of the rates';

/**
 * Rates signing through the e-signature port (issue 13; decision 0090): the envelope of each rates version,
 * created when the version becomes current (staff's rate changes, deals, onboarding, or on first read of the
 * billing settings), sent to the vendor with the rates document, and marked signed only from the vendor's own
 * record of it (read back, never from an event's body), once. Signing sets hasSignedRates, which unblocks device
 * orders and hides the billing banner; a new version un-signs until it is signed in turn.
 */
export function createRatesSigning(deps: {
  tenantDb: TenantDb;
  clock: Clock;
  esign: ESignProvider;
  publicUrl: string;
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
}) {
  const { tenantDb, clock, esign } = deps;

  /** Sends our envelope to the vendor unless it was sent; returns the vendor's envelope id (null: not signable). */
  async function ensureSent(vendor: ESignVendor, merchantId: string, envelopeId: string) {
    const prepared = await tenantDb.forMerchant(merchantId, async (tx) => {
      const envelope = await repo.envelope(tx, merchantId, envelopeId);
      if (envelope?.status !== 'sent') return null;
      if (envelope.providerEnvelopeId) return { sent: envelope.providerEnvelopeId } as const;
      const current = await repo.currentRates(tx, merchantId);
      if (!current || current.id !== envelope.ratesId) return null;
      const [merchant] = await tx
        .select({ name: merchants.legalEntityName })
        .from(merchants)
        .where(eq(merchants.id, merchantId));
      const signer = await repo.signer(tx, merchantId);
      if (!merchant || !signer) throw new Error('The merchant has no CompanyOwner to sign its rates');
      return { current, merchant, signer } as const;
    });
    if (!prepared) return null;
    if ('sent' in prepared) return prepared.sent;
    const { current, merchant, signer } = prepared;
    const document = await renderRatesDocument({
      merchantName: merchant.name,
      rates: current,
      locale: signer.locale,
    });
    const name = [signer.firstName, signer.lastName].filter(Boolean).join(' ').trim() || signer.email;
    const { providerEnvelopeId } = await vendor.send({
      merchantId,
      envelopeId,
      signer: { userId: signer.userId, name, email: signer.email },
      subject: document.subject,
      documentName: document.documentName,
      pdf: document.pdf,
    });
    const stored = await tenantDb.forMerchant(merchantId, async (tx) => {
      const [row] = await tx
        .update(rateSignatures)
        .set({ providerEnvelopeId, provider: esign.name, updatedAt: clock.now() })
        .where(
          and(
            eq(rateSignatures.merchantId, merchantId),
            eq(rateSignatures.id, envelopeId),
            sql`${rateSignatures.providerEnvelopeId} is null`,
          ),
        )
        .returning({ id: rateSignatures.id });
      if (row) return providerEnvelopeId;
      return (await repo.envelope(tx, merchantId, envelopeId))?.providerEnvelopeId ?? null;
    });
    // Sent twice at once: the other one was stored first; this one is withdrawn.
    if (stored !== providerEnvelopeId)
      await vendor.void(providerEnvelopeId, VOID_REASON).catch((error: unknown) => {
        deps.log.warn({ merchantId, err: String(error) }, 'could not void a duplicate e-signature envelope');
      });
    return stored;
  }

  /** Marks our envelope signed from the vendor's record of the envelope: 'signed' only the first time. */
  async function settle(
    vendor: ESignVendor,
    providerEnvelopeId: string,
    expected?: { merchantId: string; envelopeId: string },
  ): Promise<'signed' | 'ignored'> {
    const state = await vendor.state(providerEnvelopeId);
    const { merchantId, envelopeId } = state;
    if (!merchantId || !envelopeId || !isUuid(merchantId) || !isUuid(envelopeId)) return 'ignored';
    if (expected && (expected.merchantId !== merchantId || expected.envelopeId !== envelopeId))
      return 'ignored';
    if (state.status !== 'completed') return 'ignored';
    return tenantDb.forMerchant(merchantId, async (tx) => {
      const envelope = await repo.envelope(tx, merchantId, envelopeId);
      // Only an envelope we sent, under that vendor id, still waiting, for the rates that are current.
      if (envelope?.status !== 'sent' || envelope.providerEnvelopeId !== state.providerEnvelopeId)
        return 'ignored';
      const current = await repo.currentRates(tx, merchantId);
      if (!current || current.id !== envelope.ratesId) return 'ignored';
      await repo.lockSettings(tx, merchantId);
      const signed = await repo.markSigned(
        tx,
        merchantId,
        envelopeId,
        { name: (state.signer?.name ?? '').slice(0, 200), ip: null },
        clock.now(),
      );
      return signed ? 'signed' : 'ignored';
    });
  }

  const service = {
    /**
     * In the caller's transaction, right after a new rates version became current: its envelope (created
     * once), the merchant un-signed until it is signed, and the envelopes of replaced versions void. Then,
     * after commit, `send(pending)`.
     */
    async newRatesVersion(tx: Tx, merchantId: string): Promise<PendingRatesEnvelope | null> {
      const current = await repo.currentRates(tx, merchantId);
      if (!current) return null;
      const envelope = await repo.ensureEnvelope(tx, merchantId, current.id, esign.name);
      const now = clock.now();
      const superseded = await tx
        .update(rateSignatures)
        .set({ status: 'void', updatedAt: now })
        .where(
          and(
            eq(rateSignatures.merchantId, merchantId),
            eq(rateSignatures.status, 'sent'),
            ne(rateSignatures.ratesId, current.id),
          ),
        )
        .returning({ providerEnvelopeId: rateSignatures.providerEnvelopeId });
      if (envelope.status === 'sent') {
        const settings = await repo.lockSettings(tx, merchantId);
        if (settings.hasSignedRates) await repo.markUnsigned(tx, merchantId, now);
      }
      return {
        merchantId,
        envelopeId: envelope.id,
        superseded: superseded.flatMap((row) => (row.providerEnvelopeId ? [row.providerEnvelopeId] : [])),
      };
    },

    /**
     * After commit: the replaced versions' envelopes voided and the new one sent to the vendor (with the
     * simulator there is nothing to send). A vendor failure is logged, never thrown: the signing link sends
     * it again when the owner opens it.
     */
    async send(pending: PendingRatesEnvelope | null): Promise<void> {
      const vendor = esign.vendor;
      if (!pending || !vendor) return;
      for (const id of pending.superseded)
        await vendor.void(id, VOID_REASON).catch((error: unknown) => {
          deps.log.warn(
            { merchantId: pending.merchantId, err: String(error) },
            'could not void an e-signature envelope',
          );
        });
      await ensureSent(vendor, pending.merchantId, pending.envelopeId).catch((error: unknown) => {
        deps.log.error(
          { merchantId: pending.merchantId, err: String(error) },
          'could not send the rates for e-signature',
        );
      });
    },

    /** `newRatesVersion` in a transaction of its own, then `send`. */
    async requestSignature(merchantId: string): Promise<void> {
      await service.send(
        await tenantDb.forMerchant(merchantId, (tx) => service.newRatesVersion(tx, merchantId)),
      );
    },

    /**
     * The signing link (billing settings' ratesSignUrl with a vendor): a fresh signing session at the vendor
     * for the envelope, sent first if it was not; null when there is nothing to sign (signed or replaced).
     */
    async signingSession(merchantId: string, envelopeId: string): Promise<string | null> {
      const vendor = esign.vendor;
      if (!vendor) return null;
      let providerEnvelopeId = await ensureSent(vendor, merchantId, envelopeId);
      if (!providerEnvelopeId) return null;
      const state = await vendor.state(providerEnvelopeId);
      if (state.status === 'completed') {
        // Signed at the vendor, not yet here (its event is late): settled now, nothing left to sign.
        await settle(vendor, providerEnvelopeId, { merchantId, envelopeId });
        return null;
      }
      if (state.status === 'declined' || state.status === 'voided') {
        // The owner declined (or the envelope was voided at the vendor): the same rates, a new envelope.
        const stale = providerEnvelopeId;
        await tenantDb.forMerchant(merchantId, (tx) =>
          tx
            .update(rateSignatures)
            .set({ providerEnvelopeId: null, updatedAt: clock.now() })
            .where(
              and(
                eq(rateSignatures.merchantId, merchantId),
                eq(rateSignatures.id, envelopeId),
                eq(rateSignatures.status, 'sent'),
                eq(rateSignatures.providerEnvelopeId, stale),
              ),
            ),
        );
        providerEnvelopeId = await ensureSent(vendor, merchantId, envelopeId);
        if (!providerEnvelopeId) return null;
      }
      const returnUrl = new URL(
        `/api/esign/${esign.name}/return/${merchantId}/${envelopeId}`,
        deps.publicUrl,
      ).toString();
      return vendor.signingSession(providerEnvelopeId, returnUrl);
    },

    /** Back from the vendor's page: the envelope's state read back from the vendor (its webhook may be later). */
    async returned(merchantId: string, envelopeId: string): Promise<boolean> {
      const vendor = esign.vendor;
      if (!vendor) return false;
      const envelope = await tenantDb.forMerchant(merchantId, (tx) =>
        repo.envelope(tx, merchantId, envelopeId),
      );
      if (!envelope) return false;
      if (envelope.status === 'signed') return true;
      if (envelope.status !== 'sent' || !envelope.providerEnvelopeId) return false;
      return (await settle(vendor, envelope.providerEnvelopeId, { merchantId, envelopeId })) === 'signed';
    },

    /**
     * The vendor's event: its signature checked (ESignSignatureError when it does not match, nothing read or
     * written), then the envelope it names settled from the vendor's state. Replays and events out of order
     * change nothing: the envelope is signed once, and only for the current rates.
     */
    async handleEvent(
      rawBody: Buffer,
      headers: Record<string, string | string[] | undefined>,
    ): Promise<'signed' | 'ignored'> {
      const vendor = esign.vendor;
      if (!vendor) return 'ignored';
      const ref = vendor.eventEnvelope(rawBody, headers);
      if (!ref) return 'ignored';
      return settle(vendor, ref.providerEnvelopeId);
    },
  };
  return service;
}
