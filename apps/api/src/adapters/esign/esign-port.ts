/**
 * The e-signature port (DESIGN §1, issue 13 rates signing): an envelope per rates version, signed on the
 * provider's hosted page, which then tells us it was signed. The embedded default is the simulated provider
 * (modules/billing/esign-simulator-routes.ts): a hosted page clearly marked as a test provider that records
 * the signer's typed name, the time and the address it was signed from. No real vendor adapter exists yet.
 */
export interface ESignProvider {
  readonly name: 'simulator';
  /** The hosted signing page of an envelope (our id is the simulator's envelope id). */
  signingUrl(envelope: { merchantId: string; envelopeId: string }): string;
}

export function createSimulatedESignProvider(publicUrl: string): ESignProvider {
  return {
    name: 'simulator',
    signingUrl: ({ merchantId, envelopeId }) =>
      new URL(`/api/esign-simulator/${merchantId}/${envelopeId}`, publicUrl).toString(),
  };
}
