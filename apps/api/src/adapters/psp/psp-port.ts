/**
 * The `psp` port, outgoing side (issue 11 §1 "Refunds go out through the port"): asking the PSP to refund a
 * captured payment. Two adapters:
 * - `adyen-refunds.ts` (real): Adyen Checkout `POST /payments/{pspReference}/refunds` through the official
 *   `@adyen/api-library`, chosen when ADYEN_API_KEY and ADYEN_MERCHANT_ACCOUNT are set.
 * - `simulated-refunds.ts` (embedded default): answers as Adyen does (`received` with a new PSP reference) and
 *   later delivers the signed REFUND (now and then REFUND_FAILED) notification through the webhook.
 */
export interface RefundRequest {
  /** The PSP reference of the payment being refunded. */
  paymentPspReference: string;
  /** Minor units. */
  amount: number;
  currency: string;
  /** Our refund id: Adyen's `reference`, echoed as the notification's merchantReference. */
  reference: string;
  /** Sent as the PSP's Idempotency-Key: a retried request never refunds twice at the PSP. */
  idempotencyKey: string;
  /** Where the payment was taken: the simulator's notification carries it back. */
  siteId: string;
}

export interface RefundAnswer {
  /** The PSP's reference of the refund modification; its REFUND notification carries it. */
  pspReference: string;
}

/** The PSP refused the refund (Adyen answers 422 / a validation error): "Unable to refund transaction." */
export class PspRefusedError extends Error {
  readonly reason: string;
  constructor(reason: string) {
    super(`PSP refused the refund: ${reason}`);
    this.reason = reason;
    this.name = 'PspRefusedError';
  }
}

export interface PspRefunds {
  readonly name: 'adyen' | 'simulator';
  refund(request: RefundRequest): Promise<RefundAnswer>;
}
