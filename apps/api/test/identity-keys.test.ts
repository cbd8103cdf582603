import { exportPKCS8, generateKeyPair } from 'jose';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import type { Database } from '../src/db/client.ts';
import { hashPassword } from '../src/identity/passwords.ts';
import { createIdentityRepository } from '../src/identity/repository.ts';
import { testConfig } from './helpers/app.ts';
import { createTestDatabase } from './helpers/database.ts';

const databases: Database[] = [];
afterAll(async () => {
  for (const database of databases) await database.close();
});

async function databaseWithUser() {
  const database = await createTestDatabase();
  databases.push(database);
  await createIdentityRepository(database.db).insertUser({
    email: 'kai@example.com',
    passwordHash: await hashPassword('Passw0rd!'),
    status: 'confirmed',
  });
  return database;
}

async function signInAndCallMe(
  database: Database,
  env: Record<string, string> = {},
  token?: string,
): Promise<{ token: string; meStatus: number }> {
  const app = await buildApp({ config: testConfig(env), database });
  try {
    const accessToken =
      token ??
      (
        await app.inject({
          method: 'POST',
          url: '/api/identity/sign-in',
          payload: { email: 'kai@example.com', password: 'Passw0rd!' },
        })
      ).json().data.accessToken;
    const me = await app.inject({
      url: '/api/identity/me',
      headers: { authorization: `Bearer ${accessToken}` },
    });
    return { token: accessToken, meStatus: me.statusCode };
  } finally {
    await app.close();
  }
}

describe('signing keys', () => {
  it('generates a key on first start and keeps it, so a restart keeps sessions', async () => {
    const database = await databaseWithUser();
    const first = await signInAndCallMe(database);
    expect(first.meStatus).toBe(200);
    const afterRestart = await signInAndCallMe(database, {}, first.token);
    expect(afterRestart.meStatus).toBe(200);
  });

  it('uses the configured PEM key instead, and rejects tokens signed with another key', async () => {
    const database = await databaseWithUser();
    const { privateKey } = await generateKeyPair('ES256', { extractable: true });
    const pem = await exportPKCS8(privateKey);
    const configured = await signInAndCallMe(database, { IDENTITY_SIGNING_KEY: pem.replaceAll('\n', '\\n') });
    expect(configured.meStatus).toBe(200);
    // The same database without the configured key signs with its stored key: the token no longer verifies.
    const other = await signInAndCallMe(database, {}, configured.token);
    expect(other.meStatus).toBe(401);
  });

  it('refuses a signing key that is not a PEM or JWK, naming the variable', () => {
    expect(() => testConfig({ IDENTITY_SIGNING_KEY: 'secret' })).toThrow(/IDENTITY_SIGNING_KEY/);
  });
});
