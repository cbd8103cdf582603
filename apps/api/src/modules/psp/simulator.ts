import { randomBytes, randomInt } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { type AdyenNotificationItem, signItem } from './adyen-notification.ts';
import type { WebhookCredentials } from './routes.ts';

/** Where simulated payments happen: an active terminal at a site, or a site for card-not-present payments. */
interface Place {
  merchantId: string;
  siteId: string;
  serial: string | null;
  currency: string;
  country: string;
}

/** A follow-up the PSP sends later for a payment made earlier (a capture, a chargeback). */
interface FollowUp {
  dueAt: number;
  item: AdyenNotificationItem;
}

const CARDS = [
  { method: 'visa', bin: '41111111', lastFour: '1111' },
  { method: 'visa', bin: '42424242', lastFour: '4242' },
  { method: 'mc', bin: '55555555', lastFour: '4444' },
  { method: 'mc', bin: '22221000', lastFour: '0009' },
  { method: 'amex', bin: '370000', lastFour: '0002' },
  { method: 'maestro', bin: '67999900', lastFour: '0019' },
] as const;
const EEA_COUNTRIES = ['FR', 'DE', 'ES', 'IT', 'NL', 'IE'];
const GLOBAL_COUNTRIES = ['US', 'CA', 'AU', 'JP'];

/** Items per delivery at most (Adyen sends up to a few hundred per request). */
const MAX_ITEMS = 200;

const pspReference = () => randomBytes(8).toString('hex').toUpperCase();

/**
 * The embedded PSP (issue 11 §1; the default when no Adyen credentials are configured): realistic card traffic
 * for the demo world's devices and sites — terminal sales with tips, declines, pre-authorisations captured a
 * little later, pay-by-link and tap-to-pay payments, now and then a chargeback — as Adyen standard
 * notifications, HMAC-signed with the webhook's credentials and POSTed to the webhook itself
 * (`POST /api/psp/adyen/notifications`), so they travel exactly the path real Adyen notifications travel.
 *
 * `tick(n)` makes n payments (one by default) and sends them, with any follow-up that is due, in one delivery;
 * `start()` runs at `ratePerMinute` until `stop()`, which waits for a delivery in flight: a delivery per payment
 * up to one a second, above that one delivery a second carrying that second's payments (PSP_SIMULATOR_RATE).
 */
export function createPspSimulator(deps: {
  app: Pick<FastifyInstance, 'inject' | 'log'>;
  db: Db;
  credentials: WebhookCredentials;
  ratePerMinute: number;
  /** Milliseconds until a pre-authorisation is captured or a chargeback arrives (default 20–90 s). */
  followUpDelay?: () => number;
  now?: () => Date;
  /** An integer in [0, n): crypto's by default; tests pass a seeded one. */
  random?: (n: number) => number;
}) {
  const now = deps.now ?? (() => new Date());
  const random = deps.random ?? ((n: number) => randomInt(n));
  const between = (low: number, high: number) => low + random(high - low);
  const pick = <T>(values: readonly T[]): T => values[random(values.length)] as T;
  const followUpDelay = deps.followUpDelay ?? (() => between(20_000, 90_000));
  const followUps: FollowUp[] = [];
  let timer: NodeJS.Timeout | undefined;
  let inFlight: Promise<unknown> = Promise.resolve();
  let running = false;

  /** The demo world's places: each active terminal at a site, and each site (card-not-present). */
  async function places(): Promise<Place[]> {
    const result = await deps.db.execute(sql`
      select d.merchant_id, d.site_id, d.serial, m.currency, m.country
        from devices d join merchants m on m.id = d.merchant_id
       where d.site_id is not null and d.status = 'active' and m.status = 'active'
      union all
      select s.merchant_id, s.id, null, m.currency, m.country
        from sites s join merchants m on m.id = s.merchant_id
       where s.deleted_at is null and m.status = 'active'
       order by 1, 2, 3 nulls first`);
    const rows = (
      result as unknown as {
        rows: {
          merchant_id: string;
          site_id: string;
          serial: string | null;
          currency: string;
          country: string;
        }[];
      }
    ).rows;
    return rows.map((row) => ({
      merchantId: row.merchant_id,
      siteId: row.site_id,
      serial: row.serial,
      currency: row.currency.trim(),
      country: row.country.trim(),
    }));
  }

  function payment(place: Place): { items: AdyenNotificationItem[]; later: AdyenNotificationItem[] } {
    const card = pick(CARDS);
    const roll = random(100);
    const issuer =
      roll % 5 === 0 ? pick(GLOBAL_COUNTRIES) : roll % 3 === 0 ? pick(EEA_COUNTRIES) : place.country;
    const reference = pspReference();
    const base = between(250, 12_000);
    const card_data: Record<string, string> = {
      cardBin: card.bin,
      cardSummary: card.lastFour,
      issuerCountry: issuer,
    };
    const item = (
      extra: Partial<AdyenNotificationItem>,
      data: Record<string, string>,
    ): AdyenNotificationItem => ({
      additionalData: { ...card_data, ...data },
      amount: { currency: place.currency, value: base },
      eventCode: 'AUTHORISATION',
      eventDate: now().toISOString(),
      merchantAccountCode: 'MerchantPortalSimulator',
      merchantReference: `sim-${reference.slice(0, 8).toLowerCase()}`,
      paymentMethod: card.method,
      pspReference: reference,
      reason: '',
      success: 'true',
      ...extra,
    });
    const later = (eventCode: string, amount: number, data: Record<string, string> = {}) => ({
      additionalData: data,
      amount: { currency: place.currency, value: amount },
      eventCode,
      eventDate: now().toISOString(),
      merchantAccountCode: 'MerchantPortalSimulator',
      merchantReference: `sim-${reference.slice(0, 8).toLowerCase()}`,
      paymentMethod: card.method,
      pspReference: pspReference(),
      originalReference: reference,
      reason: '',
      success: 'true' as const,
    });

    if (!place.serial) {
      // Card not present: a payment link (with its id) or tap to pay on a phone, placed by the site.
      const source = roll < 50 ? 'pay-by-link' : 'tap-to-pay';
      const data: Record<string, string> = { 'metadata.siteId': place.siteId, 'metadata.source': source };
      if (source === 'pay-by-link') data.paymentLinkId = `PL${reference.slice(0, 14)}`;
      return { items: [item({}, data)], later: [] };
    }
    const terminal = { terminalId: place.serial };
    if (roll < 10)
      return {
        items: [
          item(
            { success: 'false', reason: pick(['Refused', 'Not enough balance', 'CVC Declined']) },
            terminal,
          ),
        ],
        later: [],
      };
    if (roll < 25) {
      // A pre-authorisation (a hotel, a hire), captured a little later for up to its amount.
      const captured = Math.max(100, base - between(0, Math.floor(base / 4)));
      return {
        items: [item({}, { ...terminal, authorisationType: 'PreAuth' })],
        later: [later('CAPTURE', captured)],
      };
    }
    // A sale, often with a tip (inside the total, as terminals report it).
    const tip = roll < 60 ? Math.round(base * pick([0.1, 0.12, 0.15])) : 0;
    const sale = item(
      { amount: { currency: place.currency, value: base + tip } },
      tip ? { ...terminal, 'posadditionalamounts.gratuityAmount': String(tip) } : terminal,
    );
    const chargeback =
      roll >= 97 ? [later('NOTIFICATION_OF_CHARGEBACK', base + tip, { chargebackReasonCode: '10.4' })] : [];
    return { items: [sale], later: chargeback };
  }

  async function deliver(items: AdyenNotificationItem[]): Promise<void> {
    const { hmacKey, username, password } = deps.credentials;
    const response = await deps.app.inject({
      method: 'POST',
      url: '/api/psp/adyen/notifications',
      headers: { authorization: `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}` },
      payload: {
        live: 'false',
        notificationItems: items.map((item) => ({ NotificationRequestItem: signItem(item, hmacKey) })),
      },
    });
    if (response.statusCode !== 200)
      throw new Error(`the webhook answered ${response.statusCode}: ${response.body.slice(0, 200)}`);
  }

  /**
   * Makes `payments` payments (one by default) and sends them with any follow-up that is due, as one delivery
   * (several when more than MAX_ITEMS: Adyen batches a few hundred items per request at most).
   */
  async function tick(payments = 1): Promise<{ delivered: number }> {
    const due = followUps.filter((followUp) => followUp.dueAt <= Date.now());
    for (const followUp of due) followUps.splice(followUps.indexOf(followUp), 1);
    const all = await places();
    if (all.length === 0 && due.length === 0) return { delivered: 0 };
    const made = all.length > 0 ? Array.from({ length: payments }, () => payment(pick(all))) : [];
    const items = [
      ...made.flatMap((one) => one.items),
      ...due.map((followUp) => ({ ...followUp.item, eventDate: now().toISOString() })),
    ];
    for (let i = 0; i < items.length; i += MAX_ITEMS) await deliver(items.slice(i, i + MAX_ITEMS));
    for (const item of made.flatMap((one) => one.later))
      followUps.push({ dueAt: Date.now() + followUpDelay(), item });
    return { delivered: items.length };
  }

  function schedule() {
    if (!running) return;
    // Up to one a second, a delivery per payment at random around the rate (±50 %), as a quiet shop's traffic
    // comes. Above that, as Adyen does with steady traffic: one delivery a second with that second's payments.
    const batched = deps.ratePerMinute > 60;
    const mean = batched ? 1000 : 60_000 / deps.ratePerMinute;
    const wait = Math.round(mean * (0.5 + random(1000) / 1000));
    const payments = batched ? Math.max(1, Math.round((deps.ratePerMinute / 60_000) * wait)) : 1;
    timer = setTimeout(() => {
      inFlight = tick(payments)
        .catch((error: unknown) => deps.app.log.warn({ err: error }, 'psp simulator: a delivery failed'))
        .finally(schedule);
    }, wait);
    timer.unref();
  }

  return {
    tick,
    /** Follow-ups waiting (captures, chargebacks). */
    pending: () => followUps.length,
    start() {
      if (running || deps.ratePerMinute <= 0) return;
      running = true;
      schedule();
    },
    async stop() {
      running = false;
      if (timer) clearTimeout(timer);
      timer = undefined;
      await inFlight;
    },
  };
}

export type PspSimulator = ReturnType<typeof createPspSimulator>;
