// Lighthouse mobile on the screens of issue 16 §2: /signin signed out; home, transactions and company settings
// signed in as the demo GB owner. The portal is built into a temporary folder first (as `npm start` serves it) and
// served by the API on PGlite. Scores use a CPU slowdown calibrated to this host (bench/lib/lighthouse.ts).
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { DEMO_SIGN_INS } from '../../apps/api/src/db/demo/sign-ins.ts';
import { lighthouseScreens, portalSession } from '../lib/lighthouse.ts';
import type { Benchmark, BenchRow } from '../lib/registry.ts';
import { repoRoot, startApi } from '../lib/server.ts';

const SCREENS = [
  { path: '/signin', name: '/signin (signed out)', goal: 95 },
  { path: '/', name: 'home', goal: 90 },
  { path: '/transactions', name: 'transactions', goal: 90 },
  { path: '/company-settings', name: 'company settings', goal: 90 },
];

export const benchmark: Benchmark = {
  name: 'screens',
  title: 'Lighthouse mobile (calibrated CPU slowdown) on /signin, home, transactions, company settings',
  async run(options) {
    const dist = await mkdtemp(join(tmpdir(), 'mp-bench-portal-'));
    try {
      await promisify(execFile)('npx', ['vite', 'build', '--outDir', dist, '--logLevel', 'warn'], {
        cwd: join(repoRoot, 'apps/portal'),
      });
      const port = options.port + 9;
      const base = `http://127.0.0.1:${port}`;
      const api = await startApi({
        kind: 'pglite',
        port,
        env: { PORTAL_DIST: dist, PUBLIC_URL: base, PORTAL_ORIGIN: base, PSP_SIMULATOR_RATE: '0' },
      });
      try {
        const results = await lighthouseScreens({
          baseUrl: base,
          signedOut: SCREENS.filter((s) => s.path === '/signin').map((s) => s.path),
          signedIn: SCREENS.filter((s) => s.path !== '/signin').map((s) => s.path),
          session: await portalSession(base, DEMO_SIGN_INS.gbOwner),
          runs: options.lighthouseRuns,
          calibrate: true,
          log: console.log,
        });
        const rows: BenchRow[] = [];
        for (const result of results) {
          const screen = SCREENS.find((s) => s.path === result.path);
          if (!screen) continue;
          const cpu = result.cpu.map((c) => c.multiplier.toFixed(1)).join('/');
          rows.push(
            {
              what: `Lighthouse mobile ${screen.name} (CPU ${cpu}×; ${result.requests} requests, ${result.scripts} JS files, ${Math.round(result.scriptKiB)} KiB JS)`,
              value: result.score,
              unit: 'points',
              goal: `≥ ${screen.goal}`,
              met: result.score >= screen.goal,
            },
            {
              what: `CLS ${screen.name}`,
              value: result.cls,
              unit: '',
              goal: '< 0.1',
              met: result.cls < 0.1,
            },
          );
        }
        return rows;
      } finally {
        await api.stop();
      }
    } finally {
      await rm(dist, { recursive: true, force: true });
    }
  },
};
