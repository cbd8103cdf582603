import { randomInt } from 'node:crypto';
import { type AdyenNotificationItem, signItem } from '../../modules/psp/adyen-notification.ts';
import type { PspRefunds, RefundRequest } from './psp-port.ts';

/** A signed Adyen notification body, delivered to our own webhook (the same path Adyen's would take). */
export type NotificationDelivery = (body: unknown) => Promise<void>;

export interface SimulatedRefundsOptions {
  /** Signs the items as Adyen does (HMAC-SHA256 of the signed fields, base64). */
  hmacKey: string;
  deliver: NotificationDelivery;
  /** How long after the request the notification arrives (ms). */
  delayMs: number;
  /** Share of refunds the simulated acquirer fails later (REFUND_FAILED), 0..1. */
  failureRate: number;
  random?: () => number;
  now?: () => Date;
  log?: { warn: (obj: object, msg: string) => void };
}

const DELIVERY_ATTEMPTS = 10;
const RETRY_DELAY_MS = 500;

/** Adyen PSP references are 16 characters; the simulator's are digits. */
export const simulatedPspReference = () =>
  Array.from({ length: 16 }, (_, i) => (i === 0 ? randomInt(1, 10) : randomInt(0, 10))).join('');

/**
 * Embedded default of the `psp` port (no Adyen API key configured): answers the refund call at once like Adyen
 * (`received`, a new PSP reference), then after `delayMs` delivers a signed REFUND notification (or, with
 * probability `failureRate`, REFUND_FAILED with a reason) through the notification webhook, so the refund is
 * settled by the very code that settles Adyen's.
 */
export function createSimulatedRefunds(options: SimulatedRefundsOptions): PspRefunds & {
  /** Resolves when every notification scheduled so far has been delivered (tests, shutdown). */
  settled(): Promise<void>;
} {
  const random = options.random ?? Math.random;
  const now = options.now ?? (() => new Date());
  const inFlight = new Set<Promise<void>>();
  /** Idempotency key → PSP reference (Adyen keeps keys for at least 7 days; this process keeps them all). */
  const answered = new Map<string, string>();

  function notification(request: RefundRequest, pspReference: string, failed: boolean) {
    const item: AdyenNotificationItem = {
      additionalData: { 'metadata.siteId': request.siteId },
      amount: { currency: request.currency, value: request.amount },
      eventCode: failed ? 'REFUND_FAILED' : 'REFUND',
      eventDate: now().toISOString(),
      merchantAccountCode: 'SimulatorAccount',
      merchantReference: request.reference,
      originalReference: request.paymentPspReference,
      pspReference,
      success: 'true',
      ...(failed ? { reason: 'Refund declined by the acquirer' } : {}),
    };
    return {
      live: 'false',
      notificationItems: [{ NotificationRequestItem: signItem(item, options.hmacKey) }],
    };
  }

  return {
    name: 'simulator',
    async refund(request) {
      // Like Adyen: the same idempotency key answers the first answer again and refunds (notifies) once.
      const earlier = answered.get(request.idempotencyKey);
      if (earlier) return { pspReference: earlier };
      const pspReference = simulatedPspReference();
      answered.set(request.idempotencyKey, pspReference);
      const failed = random() < options.failureRate;
      const body = notification(request, pspReference, failed);
      // Like Adyen, a delivery the webhook did not accept is tried again (here up to 10 times, 0.5 s apart).
      const attempt = async () => {
        for (let tries = 1; ; tries++) {
          try {
            return await options.deliver(body);
          } catch (error) {
            if (tries >= DELIVERY_ATTEMPTS) throw error;
            await new Promise((resolve) => setTimeout(resolve, RETRY_DELAY_MS));
          }
        }
      };
      const delivery = new Promise<void>((resolve) => {
        setTimeout(() => {
          attempt()
            .catch((error: unknown) =>
              options.log?.warn(
                { err: error, pspReference },
                'psp simulator: refund notification not delivered',
              ),
            )
            .finally(resolve);
        }, options.delayMs);
      });
      inFlight.add(delivery);
      void delivery.finally(() => inFlight.delete(delivery));
      return { pspReference };
    },
    async settled() {
      while (inFlight.size > 0) await Promise.all([...inFlight]);
    },
  };
}
