/**
 * The e-signature port (DESIGN §1, issue 13 rates signing): an envelope per rates version, signed on the
 * provider's hosted page, which then tells us it was signed. The embedded default is the simulated provider
 * (modules/billing/esign-simulator-routes.ts): a hosted page clearly marked as a test provider that records
 * the signer's typed name, the time and the address it was signed from. DocuSign is the vendor adapter
 * (docusign.ts, the official `docusign-esign` SDK, decision 0090), chosen when DOCUSIGN_* are set.
 *
 * Callers never talk to a provider themselves: modules/billing/rates-signing.ts creates the envelope of a new
 * rates version (`newRatesVersion` in the caller's transaction, then `send`) and settles it.
 */
export interface ESignProvider {
  readonly name: 'simulator' | 'docusign';
  /**
   * The link the portal opens to sign (billing settings' ratesSignUrl): the simulator's page, or for a vendor
   * our short route that asks the vendor for a fresh signing session and redirects to it.
   */
  signingUrl(envelope: { merchantId: string; envelopeId: string }): string;
  /** The vendor's side; absent for the simulator, whose own page completes envelopes. */
  readonly vendor?: ESignVendor;
}

/** What is sent to be signed: the rates as a PDF in the signer's language, for the merchant's CompanyOwner. */
export interface RatesEnvelope {
  merchantId: string;
  /** Our envelope id (rate_signatures.id); written on the vendor's envelope and read back from it. */
  envelopeId: string;
  signer: { userId: string; name: string; email: string };
  /** The e-mail subject and the document's file name, in the signer's language. */
  subject: string;
  documentName: string;
  pdf: Buffer;
}

/** Where an envelope stands at the vendor, as read back from the vendor (never from an event's body). */
export interface VendorEnvelopeState {
  providerEnvelopeId: string;
  status: 'sent' | 'completed' | 'declined' | 'voided' | 'other';
  /** Our ids as we wrote them on the envelope; null when the envelope is not one of ours. */
  merchantId: string | null;
  envelopeId: string | null;
  /** The signer as the vendor recorded them (name as signed). */
  signer: { name: string; email: string; clientUserId: string | null } | null;
}

/** The signature of a vendor's event did not match: the route answers 401 and nothing changes. */
export class ESignSignatureError extends Error {
  constructor() {
    super('Invalid e-signature event signature');
    this.name = 'ESignSignatureError';
  }
}

export interface ESignVendor {
  /** Creates and sends the envelope (embedded signing for the signer); returns the vendor's envelope id. */
  send(envelope: RatesEnvelope): Promise<{ providerEnvelopeId: string }>;
  state(providerEnvelopeId: string): Promise<VendorEnvelopeState>;
  /** A fresh signing session for the envelope's signer; the vendor returns to `returnUrl` afterwards. */
  signingSession(providerEnvelopeId: string, returnUrl: string): Promise<string>;
  /** Withdraws an envelope that will never be signed (its rates were replaced). */
  void(providerEnvelopeId: string, reason: string): Promise<void>;
  /**
   * Checks the event's signature (constant time) and names the envelope it is about, or null for an event
   * about something else. Throws ESignSignatureError when no signature matches.
   */
  eventEnvelope(
    rawBody: Buffer,
    headers: Record<string, string | string[] | undefined>,
  ): { providerEnvelopeId: string } | null;
}

export function createSimulatedESignProvider(publicUrl: string): ESignProvider {
  return {
    name: 'simulator',
    signingUrl: ({ merchantId, envelopeId }) =>
      new URL(`/api/esign-simulator/${merchantId}/${envelopeId}`, publicUrl).toString(),
  };
}
