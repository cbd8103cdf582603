import { CheckoutAPI, Client, EnvironmentEnum, HttpClientException } from '@adyen/api-library';
import { type PspRefunds, PspRefusedError } from './psp-port.ts';

/**
 * Real adapter: Adyen Checkout's refund call (`POST /payments/{paymentPspReference}/refunds`) with the official
 * library and our idempotency key. Adyen answers `status: received` and a PSP reference; the outcome arrives
 * later as a REFUND or REFUND_FAILED notification on the webhook. A 4xx answer is a refusal; anything else
 * (network, 5xx) is an error.
 */
export function createAdyenRefunds(config: {
  apiKey: string;
  merchantAccount: string;
  baseUrl: string;
}): PspRefunds {
  const live = !config.baseUrl.includes('-test.') && config.baseUrl.includes('adyen');
  const client = new Client({
    apiKey: config.apiKey,
    environment: live ? EnvironmentEnum.LIVE : EnvironmentEnum.TEST,
  });
  const checkout = new CheckoutAPI(client);
  // The library builds its own endpoint; ADYEN_CHECKOUT_URL (e.g. a local test server) replaces it.
  Object.assign(checkout.ModificationsApi, { baseUrl: config.baseUrl.replace(/\/$/, '') });
  return {
    name: 'adyen',
    async refund(request) {
      try {
        const answer = await checkout.ModificationsApi.refundCapturedPayment(
          request.paymentPspReference,
          {
            merchantAccount: config.merchantAccount,
            amount: { value: request.amount, currency: request.currency },
            reference: request.reference,
          },
          { idempotencyKey: request.idempotencyKey },
        );
        return { pspReference: answer.pspReference };
      } catch (error) {
        if (error instanceof HttpClientException && error.statusCode >= 400 && error.statusCode < 500)
          throw new PspRefusedError(error.message || `HTTP ${error.statusCode}`);
        throw error;
      }
    },
  };
}
