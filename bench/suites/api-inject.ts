// What a request costs inside the app (routing, auth, permission check, database; no HTTP), one at a time,
// compared with the cheapest route the app has. Runs on an in-memory PGlite with the demo world.
import { buildApp } from '../../apps/api/src/app.ts';
import { loadConfig } from '../../apps/api/src/config.ts';
import { openDatabase } from '../../apps/api/src/db/client.ts';
import { DEMO_SIGN_INS } from '../../apps/api/src/db/demo/sign-ins.ts';
import { seedDemoWorld } from '../../apps/api/src/db/seed.ts';
import { suite } from '../lib/harness.ts';
import type { Benchmark, BenchRow } from '../lib/registry.ts';

async function benchApiRequests(iterations: number): Promise<BenchRow[]> {
  const database = await openDatabase({ dataDir: 'memory://' });
  await database.migrate();
  await seedDemoWorld(database.db);
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    PORTAL_DIST: '/nonexistent',
  });
  const app = await buildApp({ config, database });
  await app.ready();

  const owner = DEMO_SIGN_INS.gbOwner;
  const signedIn = await app.inject({
    method: 'POST',
    url: '/api/identity/sign-in',
    payload: { email: owner.email, password: owner.password },
  });
  const accessToken = (signedIn.json() as { data: { accessToken: string } }).data.accessToken;
  const headers = { authorization: `Bearer ${accessToken}` };
  const merchantsReply = await app.inject({ method: 'GET', url: '/api/merchants', headers });
  const merchantId = (merchantsReply.json() as { data: { merchantId: string }[] }).data[0]?.merchantId;
  if (!merchantId) throw new Error('the demo owner has no merchant');

  const get =
    (url: string, withAuth = true) =>
    async () => {
      const reply = await app.inject({ method: 'GET', url, ...(withAuth ? { headers } : {}) });
      if (reply.statusCode !== 200) throw new Error(`${url} answered ${reply.statusCode}`);
    };

  const results = await suite(
    'API requests through app.inject (PGlite in memory, demo world)',
    { name: 'GET /api/healthz (no auth, no database)', run: get('/api/healthz', false) },
    [
      { name: 'GET /api/readyz (database round trip)', run: get('/api/readyz', false) },
      { name: 'GET /api/merchants (token, memberships, permissions)', run: get('/api/merchants') },
      { name: 'GET /api/v1/merchants/{id} (permission check)', run: get(`/api/v1/merchants/${merchantId}`) },
      {
        name: 'GET /api/v1/merchants/{id}/users (RLS transaction)',
        run: get(`/api/v1/merchants/${merchantId}/users`),
      },
    ],
    { iterations, warmup: Math.ceil(iterations / 10) },
  );
  await app.close();
  await database.close();
  const [base, ...rest] = results;
  if (!base) return [];
  return rest.map((r) => ({
    what: `inject, PGlite: ${r.name}`,
    value: 1000 / r.meanMs,
    unit: 'req/s',
    anchor: { what: 'GET /api/healthz through inject', value: 1000 / base.meanMs },
    goal: 'reference',
  }));
}

export const benchmark: Benchmark = {
  name: 'api-inject',
  title: 'requests inside the app (app.inject), one at a time, against healthz',
  run: (options) => benchApiRequests(options.iterations),
};
