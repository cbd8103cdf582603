import { MERCHANT_GROUP, type Role, STAFF_GROUP } from '@mp/domain/permissions';
import { defaultSiteSettings } from '@mp/domain/schemas/site-settings';
import { and, count, eq } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { createSimulatedBillingProvider } from '../adapters/billing/billing-port.ts';
import { hashPassword } from '../identity/passwords.ts';
import { collectInvoiceInTx } from '../modules/invoices/collection.ts';
import { buildMonthlyInvoice } from '../modules/invoices/invoice-builder.ts';
import type { Db } from './client.ts';
import { withDeterministicIds } from './demo/deterministic-ids.ts';
import { type FeeRates, replayPayouts } from './demo/payouts.ts';
import { createRandom, type Random } from './demo/random.ts';
import { DEMO_SIGN_INS, type DemoSignIn } from './demo/sign-ins.ts';
import { type GeneratedPayment, generatePayments, type SiteForData } from './demo/transactions.ts';
import {
  billingSettings,
  devices,
  merchantMemberships,
  merchants,
  paymentMethods,
  rates,
  refunds,
  siteRoleGrants,
  sites,
  terminalStock,
  transactions,
  userGroups,
  users,
} from './schema/index.ts';

export const DEMO_SEED = 20_260_301;

/** True when nobody and nothing is there yet: the only time `npm start` seeds. */
export async function isDatabaseEmpty(db: Db): Promise<boolean> {
  const [userCount] = await db.select({ n: count() }).from(users);
  const [merchantCount] = await db.select({ n: count() }).from(merchants);
  return (userCount?.n ?? 0) === 0 && (merchantCount?.n ?? 0) === 0;
}

/** Inserts rows in statements of at most ~30,000 parameters (PostgreSQL allows 65,535). */
export async function insertInBatches<T extends PgTable>(
  db: Db,
  table: T,
  rows: readonly T['$inferInsert'][],
): Promise<void> {
  if (rows.length === 0) return;
  const columns = Object.keys(rows[0] as object).length || 1;
  const size = Math.max(1, Math.floor(30_000 / columns));
  for (let i = 0; i < rows.length; i += size) {
    await db.insert(table).values(rows.slice(i, i + size) as T['$inferInsert'][]);
  }
}

interface MerchantPlan {
  key: 'gb' | 'fr';
  legalEntityName: string;
  country: string;
  currency: string;
  timeZone: string;
  locale: string;
  owner: DemoSignIn;
  manager: DemoSignIn;
  sites: {
    name: string;
    displayName: string;
    shortCode: string;
    settlementWindow: string;
    address: { line1: string; line2?: string; city: string; postalCode: string; country: string };
    weight: number;
    devices: { model: 'with-printer' | 'without-printer'; label: string }[];
    managed: boolean;
  }[];
  rates: FeeRates & { otherPercent: number; deviceRentalMonthly: number };
  transactionShare: number;
}

const PLANS: MerchantPlan[] = [
  {
    key: 'gb',
    legalEntityName: 'Brightwater Coffee Ltd',
    country: 'GB',
    currency: 'GBP',
    timeZone: 'Europe/London',
    locale: 'en-GB',
    owner: DEMO_SIGN_INS.gbOwner,
    manager: DEMO_SIGN_INS.gbManager,
    sites: [
      {
        name: 'Shoreditch',
        displayName: 'Brightwater Shoreditch',
        shortCode: 'SHO',
        settlementWindow: '23:00',
        address: { line1: '12 Redchurch Street', city: 'London', postalCode: 'E2 7DJ', country: 'GB' },
        weight: 3,
        devices: [
          { model: 'with-printer', label: 'Counter 1' },
          { model: 'without-printer', label: 'Terrace' },
        ],
        managed: true,
      },
      {
        name: 'Northern_Quarter',
        displayName: 'Brightwater Manchester',
        shortCode: 'MAN',
        settlementWindow: '00:00',
        address: {
          line1: '45 Oldham Street',
          line2: 'Unit 2',
          city: 'Manchester',
          postalCode: 'M1 1JG',
          country: 'GB',
        },
        weight: 2,
        devices: [{ model: 'with-printer', label: 'Till' }],
        managed: false,
      },
    ],
    rates: {
      domesticPercent: 1.2,
      eeaPercent: 1.9,
      globalPercent: 2.9,
      amexPercent: 2.5,
      otherPercent: 2.9,
      tapToPayPercent: 1.4,
      deviceRentalMonthly: 1999,
    },
    transactionShare: 0.6,
  },
  {
    key: 'fr',
    legalEntityName: 'Boulangerie Lumière SARL',
    country: 'FR',
    currency: 'EUR',
    timeZone: 'Europe/Paris',
    locale: 'fr-FR',
    owner: DEMO_SIGN_INS.frOwner,
    manager: DEMO_SIGN_INS.frManager,
    sites: [
      {
        name: 'Le-Marais',
        displayName: 'Lumière Marais',
        shortCode: 'MRS',
        settlementWindow: '00:00',
        address: { line1: '8 Rue des Rosiers', city: 'Paris', postalCode: '75004', country: 'FR' },
        weight: 1,
        devices: [
          { model: 'with-printer', label: 'Caisse' },
          { model: 'without-printer', label: 'Comptoir' },
        ],
        managed: true,
      },
    ],
    rates: {
      domesticPercent: 1.1,
      eeaPercent: 1.8,
      globalPercent: 2.9,
      amexPercent: 2.6,
      otherPercent: 2.9,
      tapToPayPercent: 1.3,
      deviceRentalMonthly: 2200,
    },
    transactionShare: 0.4,
  },
];

export interface DemoWorld {
  signIns: DemoSignIn[];
  merchants: { key: 'gb' | 'fr'; merchantId: string; siteIds: string[]; managedSiteId: string }[];
  staffUserId: string;
  counts: { transactions: number; refunds: number; payouts: number; ledgerEntries: number; devices: number };
}

const DAY = 86_400_000;

/**
 * The demo world of issue 2 §3 on an empty database: one staff user (and one without two-factor yet, issue 15); a GB merchant (GBP) and a FR merchant
 * (EUR), each with an owner and a site manager, and a group owner of both; three sites; devices of both models; about 2,000
 * transactions over the last 90 days in every status and source; refunds; payouts with ledger entries;
 * billing settings, rates, a payment method and invoices. Deterministic for a given seed and `now`.
 */
export async function seedDemoWorld(
  db: Db,
  options: { now?: Date; transactions?: number; seed?: number } = {},
): Promise<DemoWorld> {
  const now = options.now ?? new Date();
  const random = createRandom(options.seed ?? DEMO_SEED);
  const billingProvider = createSimulatedBillingProvider();
  const totalTransactions = options.transactions ?? 2000;
  const hashes = new Map<string, string>();
  const hashOf = async (password: string) => {
    const known = hashes.get(password);
    if (known) return known;
    const hashed = await hashPassword(password);
    hashes.set(password, hashed);
    return hashed;
  };

  const seed = options.seed ?? DEMO_SEED;
  return db.transaction((tx) =>
    withDeterministicIds(tx, seed, async () => {
      const insertUser = async (
        signIn: DemoSignIn,
        names: { firstName: string; lastName: string },
        locale: string,
        groups: string[],
      ) => {
        const id = random.uuid();
        await tx.insert(users).values({
          id,
          userId: id,
          email: signIn.email,
          firstName: names.firstName,
          lastName: names.lastName,
          passwordHash: await hashOf(signIn.password),
          status: 'confirmed',
          emailVerified: true,
          locale,
          createdAt: new Date(now.getTime() - 120 * DAY),
          updatedAt: new Date(now.getTime() - 120 * DAY),
        });
        await tx.insert(userGroups).values(groups.map((groupName) => ({ userId: id, groupName })));
        return id;
      };

      const staffUserId = await insertUser(DEMO_SIGN_INS.staff, DEMO_SIGN_INS.staff, 'en-GB', [STAFF_GROUP]);
      // Owner of both merchants, so that switching merchant can be shown (SPEC §4).
      const groupOwnerId = await insertUser(DEMO_SIGN_INS.groupOwner, DEMO_SIGN_INS.groupOwner, 'en-GB', [
        MERCHANT_GROUP,
      ]);

      const world: DemoWorld = {
        signIns: Object.values(DEMO_SIGN_INS),
        merchants: [],
        staffUserId,
        counts: { transactions: 0, refunds: 0, payouts: 0, ledgerEntries: 0, devices: 0 },
      };

      for (const plan of PLANS) {
        const merchantId = random.uuid();
        const createdAt = new Date(now.getTime() - 120 * DAY);
        await tx.insert(merchants).values({
          id: merchantId,
          legalEntityName: plan.legalEntityName,
          entityType: 'company',
          country: plan.country,
          currency: plan.currency,
          timeZone: plan.timeZone,
          status: 'active',
          kycOnboardingStatus: 'verified',
          stripeCustomerId: `cus_demo${plan.key.toUpperCase()}${random.digits(8)}`,
          dealReference: `DEAL-${plan.key.toUpperCase()}-${random.digits(6)}`,
          createdAt,
          updatedAt: createdAt,
        });

        const ownerId = await insertUser(plan.owner, plan.owner, plan.locale, [MERCHANT_GROUP]);
        const managerId = await insertUser(plan.manager, plan.manager, plan.locale, [MERCHANT_GROUP]);
        await tx.insert(merchantMemberships).values([
          { merchantId, userId: ownerId, companyRoles: ['CompanyOwner'] satisfies Role[], createdAt },
          { merchantId, userId: groupOwnerId, companyRoles: ['CompanyOwner'] satisfies Role[], createdAt },
          {
            merchantId,
            userId: managerId,
            companyRoles: [],
            invitedBy: ownerId,
            invitedAt: createdAt,
            createdAt,
          },
        ]);

        const siteData: SiteForData[] = [];
        const siteIds: string[] = [];
        let managedSiteId = '';
        for (const site of plan.sites) {
          const siteId = random.uuid();
          siteIds.push(siteId);
          await tx.insert(sites).values({
            merchantId,
            id: siteId,
            name: site.name,
            displayName: site.displayName,
            shortCode: site.shortCode,
            settlementWindow: site.settlementWindow,
            addressLine1: site.address.line1,
            addressLine2: site.address.line2 ?? null,
            city: site.address.city,
            postalCode: site.address.postalCode,
            country: site.address.country,
            settings: {
              ...defaultSiteSettings({ adminPin: random.digits(4), refundPin: random.digits(4) }),
              tips: { enabled: site.weight > 1, provider: 'tipjar' },
            },
            createdAt,
            updatedAt: createdAt,
          });
          if (site.managed) {
            managedSiteId = siteId;
            await tx
              .insert(siteRoleGrants)
              .values({ merchantId, userId: managerId, siteId, role: 'SiteManager' satisfies Role });
          }
          const deviceIds: string[] = [];
          for (const device of site.devices) {
            const deviceId = random.uuid();
            deviceIds.push(deviceId);
            const lastActivity = new Date(now.getTime() - random.int(1, 9 * 24) * 3_600_000);
            await tx.insert(devices).values({
              merchantId,
              id: deviceId,
              siteId,
              serial: `${device.model === 'with-printer' ? 'P400' : 'V240'}-${random.digits(9)}`,
              label: device.label,
              model: device.model,
              firmwareVersion: random.pick(['1.92.3', '1.94.0', '1.95.1']),
              lastActivityAt: lastActivity,
              assignedAt: createdAt,
              createdAt,
              updatedAt: createdAt,
            });
          }
          world.counts.devices += deviceIds.length;
          siteData.push({ merchantId, siteId, currency: plan.currency, deviceIds, weight: site.weight });
        }

        const payments: GeneratedPayment[] = [
          ...generatePayments(random, {
            sites: siteData,
            count: Math.round(totalTransactions * plan.transactionShare),
            from: new Date(now.getTime() - 90 * DAY),
            to: now,
          }),
        ];
        await insertInBatches(
          tx,
          transactions,
          payments.map((p) => p.transaction),
        );
        const refundRows = payments.flatMap((p) => p.refunds);
        await insertInBatches(tx, refunds, refundRows);
        await updateDeviceLastTransaction(tx, payments);

        await seedBilling(tx, random, { merchantId, plan, now });
        // Payouts and their ledger from these transactions, built by the payout job's own code day by day, with
        // the simulated bank run at the end of each day.
        const ledger = await replayPayouts(tx, {
          merchantId,
          currency: plan.currency,
          timeZone: plan.timeZone,
          sites: siteIds.map((siteId, i) => ({
            siteId,
            settlementWindow: plan.sites[i]?.settlementWindow ?? '00:00',
          })),
          from: new Date(now.getTime() - 90 * DAY),
          now,
        });

        // Invoices of the last three months, built from that ledger by the invoice job's own code at the start of
        // the month after, then collected through the simulated billing provider (now and then declined: overdue).
        for (let offset = 3; offset >= 1; offset--) {
          const issuedAt = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - offset + 1, 1, 6));
          const month = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - offset, 1))
            .toISOString()
            .slice(0, 7);
          const invoice = await buildMonthlyInvoice(tx, merchantId, month, issuedAt);
          if (invoice.created && invoice.invoiceId)
            await collectInvoiceInTx(tx, billingProvider, merchantId, invoice.invoiceId, issuedAt, now);
        }

        world.merchants.push({ key: plan.key, merchantId, siteIds, managedSiteId });
        world.counts.transactions += payments.length;
        world.counts.refunds += refundRows.length;
        world.counts.payouts += ledger.payouts;
        world.counts.ledgerEntries += ledger.ledgerEntries;
      }
      // Issue 10: terminals in the provider's stock, not yet any merchant's; `npm start` prints the codes they show.
      await tx.insert(terminalStock).values(
        (['with-printer', 'with-printer', 'without-printer'] as const).map((model) => ({
          serial: `${model === 'with-printer' ? 'P400' : 'V240'}-${random.digits(9)}`,
          model,
          firmwareVersion: '2.4.1',
          createdAt: now,
          updatedAt: now,
        })),
      );
      // Last, so the random sequence of everything before stays as it was (issue 15: shows the forced set-up).
      await insertUser(DEMO_SIGN_INS.newStaff, DEMO_SIGN_INS.newStaff, 'en-GB', [STAFF_GROUP]);
      return world;
    }),
  );
}

async function updateDeviceLastTransaction(db: Db, payments: readonly GeneratedPayment[]) {
  const latest = new Map<string, { merchantId: string; at: Date }>();
  for (const { transaction } of payments) {
    if (!transaction.deviceId) continue;
    const seen = latest.get(transaction.deviceId);
    if (!seen || seen.at < transaction.createdAt)
      latest.set(transaction.deviceId, { merchantId: transaction.merchantId, at: transaction.createdAt });
  }
  for (const [deviceId, { merchantId, at }] of latest) {
    await db
      .update(devices)
      .set({ lastTransactionAt: at })
      .where(and(eq(devices.merchantId, merchantId), eq(devices.id, deviceId)));
  }
}

async function seedBilling(
  db: Db,
  random: Random,
  options: { merchantId: string; plan: MerchantPlan; now: Date },
) {
  const { merchantId, plan, now } = options;
  const paymentMethodId = random.uuid();
  const isGb = plan.country === 'GB';
  await db.insert(paymentMethods).values([
    {
      merchantId,
      id: paymentMethodId,
      providerPaymentMethodId: `pm_demo${random.digits(12)}`,
      type: isGb ? 'bacs_debit' : 'sepa_debit',
      brand: isGb ? 'Barclays' : 'BNP Paribas',
      lastFour: random.digits(4),
    },
    {
      merchantId,
      id: random.uuid(),
      providerPaymentMethodId: `pm_demo${random.digits(12)}`,
      type: 'card',
      brand: 'visa',
      lastFour: random.digits(4),
      expMonth: 8,
      expYear: now.getUTCFullYear() + 2,
    },
  ]);
  await db.insert(billingSettings).values({
    merchantId,
    billingEmail: plan.owner.email,
    defaultPaymentMethodId: paymentMethodId,
    hasSignedRates: true,
    ratesSignedAt: new Date(now.getTime() - 118 * DAY),
  });
  const { deviceRentalMonthly, ...percents } = plan.rates;
  // Set when the merchant joined, long before today: the once-a-day rule (SPEC §8) compares the current rates'
  // createdAt with today in the merchant's time zone, so rates stamped "now" would block staff on a fresh demo.
  const ratesSetAt = new Date(now.getTime() - 120 * DAY);
  await db.insert(rates).values({
    merchantId,
    domesticPercent: percents.domesticPercent.toFixed(4),
    eeaPercent: percents.eeaPercent.toFixed(4),
    globalPercent: percents.globalPercent.toFixed(4),
    amexPercent: percents.amexPercent.toFixed(4),
    otherPercent: percents.otherPercent.toFixed(4),
    tapToPayPercent: percents.tapToPayPercent.toFixed(4),
    deviceRentalMonthly,
    currency: plan.currency,
    settlementType: 'net',
    effectiveFrom: ratesSetAt.toISOString().slice(0, 10),
    createdAt: ratesSetAt,
    updatedAt: ratesSetAt,
  });
}
