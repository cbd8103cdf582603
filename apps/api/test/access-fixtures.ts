import { randomUUID } from 'node:crypto';
import type { Role } from '@mp/domain/permissions';
import type { App } from '../src/app.ts';
import type { Db } from '../src/db/client.ts';
import {
  merchantMemberships,
  merchants,
  rates,
  siteRoleGrants,
  sites,
  userGroups,
  users,
} from '../src/db/schema/index.ts';
import { hashPassword } from '../src/identity/passwords.ts';
import { bearer, signIn, signInWithSecondFactor } from './helpers/auth.ts';

export const PASSWORD = 'Access-test-2026';

/**
 * The actors of the access tests: staff; merchant A with an owner, a manager of site A1 and a manager of site
 * A2; merchant B with its owner and a site. Rows inserted as the owning role, as the seed does.
 */
export interface AccessWorld {
  merchantA: string;
  merchantB: string;
  siteA1: string;
  siteA2: string;
  siteB1: string;
  users: Record<ActorName, { id: string; email: string }>;
  tokens: Record<ActorName, string>;
  headers(actor: ActorName): { authorization: string };
}

export type ActorName = 'staff' | 'ownerA' | 'managerA1' | 'managerA2' | 'ownerB';

let passwordHash: Promise<string> | undefined;

/** A confirmed user who signs in with PASSWORD. */
export async function insertUser(db: Db, email: string, groups: string[]): Promise<string> {
  passwordHash ??= hashPassword(PASSWORD);
  const id = randomUUID();
  await db.insert(users).values({
    id,
    userId: id,
    email,
    firstName: email.split('@')[0] ?? 'Test',
    lastName: 'Tester',
    passwordHash: await passwordHash,
    status: 'confirmed',
    emailVerified: true,
  });
  await db.insert(userGroups).values(groups.map((groupName) => ({ userId: id, groupName })));
  return id;
}

export async function insertMerchant(db: Db, name: string, timeZone = 'Europe/London'): Promise<string> {
  const id = randomUUID();
  await db.insert(merchants).values({
    id,
    legalEntityName: name,
    country: 'GB',
    currency: 'GBP',
    timeZone,
    status: 'active',
    kycOnboardingStatus: 'verified',
  });
  return id;
}

export async function insertSite(db: Db, merchantId: string, name: string): Promise<string> {
  const id = randomUUID();
  await db.insert(sites).values({
    merchantId,
    id,
    name,
    addressLine1: '1 High Street',
    city: 'London',
    postalCode: 'E1 6AN',
    country: 'GB',
  });
  return id;
}

export async function grant(
  db: Db,
  merchantId: string,
  userId: string,
  companyRoles: Role[],
  siteRoles: { siteId: string; role: Role }[] = [],
) {
  await db.insert(merchantMemberships).values({ merchantId, userId, companyRoles });
  if (siteRoles.length > 0)
    await db.insert(siteRoleGrants).values(siteRoles.map((g) => ({ merchantId, userId, ...g })));
}

export async function createAccessWorld(app: App, prefix: string): Promise<AccessWorld> {
  const db = app.db;
  const merchantA = await insertMerchant(db, `${prefix} Alpha Ltd`);
  const merchantB = await insertMerchant(db, `${prefix} Beta Ltd`);
  const siteA1 = await insertSite(db, merchantA, `${prefix}-a1`);
  const siteA2 = await insertSite(db, merchantA, `${prefix}-a2`);
  const siteB1 = await insertSite(db, merchantB, `${prefix}-b1`);
  await db.insert(rates).values({
    merchantId: merchantA,
    domesticPercent: '1.2000',
    eeaPercent: '1.5000',
    globalPercent: '2.5000',
    amexPercent: '2.9000',
    otherPercent: '2.9000',
    tapToPayPercent: '1.3000',
    currency: 'GBP',
    effectiveFrom: '2020-01-01',
    createdAt: new Date('2020-01-01T00:00:00Z'),
  });
  const email = (who: string) => `${prefix.toLowerCase()}.${who.toLowerCase()}@example.com`;
  const ids = {
    staff: await insertUser(db, email('staff'), ['Staff']),
    ownerA: await insertUser(db, email('ownerA'), ['Merchants']),
    managerA1: await insertUser(db, email('managerA1'), ['Merchants']),
    managerA2: await insertUser(db, email('managerA2'), ['Merchants']),
    ownerB: await insertUser(db, email('ownerB'), ['Merchants']),
  };
  await grant(db, merchantA, ids.ownerA, ['CompanyOwner']);
  await grant(db, merchantA, ids.managerA1, [], [{ siteId: siteA1, role: 'SiteManager' }]);
  await grant(db, merchantA, ids.managerA2, [], [{ siteId: siteA2, role: 'SiteManager' }]);
  await grant(db, merchantB, ids.ownerB, ['CompanyOwner']);
  const names = Object.keys(ids) as ActorName[];
  const tokens = {} as Record<ActorName, string>;
  const usersByName = {} as Record<ActorName, { id: string; email: string }>;
  for (const name of names) {
    // Issue 15: staff powers need a session that passed a second factor.
    tokens[name] =
      name === 'staff'
        ? (await signInWithSecondFactor(app, email(name), PASSWORD)).accessToken
        : await signIn(app, email(name), PASSWORD);
    usersByName[name] = { id: ids[name], email: email(name) };
  }
  return {
    merchantA,
    merchantB,
    siteA1,
    siteA2,
    siteB1,
    users: usersByName,
    tokens,
    headers: (actor) => bearer(tokens[actor]),
  };
}
