// Lighthouse mobile on the screens of issue 16 §2: /signin signed out; home, transactions and company settings
// signed in as the demo GB owner, twice: with the cookie question answered (as a user who answered it on /signin,
// the usual signed-in visit) and unanswered (the early cookie dialog is then the page's first and largest paint,
// so its LCP is the dialog's, not the screen's: docs/PERFORMANCE.md, "Session 24 (screens)"). The portal is built into a
// temporary folder first (as `npm start` serves it) and served by the API on PGlite. Scores use a CPU slowdown
// calibrated to this host (bench/lib/lighthouse.ts). Over plain HTTP/1.1 as before, and /signin and the signed-in
// screens (cookies answered) again over HTTPS with HTTP/2, the transport a deployed portal is served with
// (bench/lib/tls.ts, docs/decisions/0125): a page's files then share one connection instead of six.
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { DEMO_SIGN_INS } from '../../apps/api/src/db/demo/sign-ins.ts';
import { lighthouseScreens, portalSession } from '../lib/lighthouse.ts';
import type { Benchmark, BenchRow } from '../lib/registry.ts';
import { repoRoot, startApi } from '../lib/server.ts';
import { type Transport, transportEnv } from '../lib/tls.ts';

const SCREENS = [
  { path: '/signin', name: '/signin (signed out)', goal: 95 },
  { path: '/', name: 'home', goal: 90 },
  { path: '/transactions', name: 'transactions', goal: 90 },
  { path: '/company-settings', name: 'company settings', goal: 90 },
];
const SIGNED_IN = SCREENS.filter((s) => s.path !== '/signin').map((s) => s.path);
const CONSENT_LABEL = { answered: 'cookies answered', unanswered: 'cookie dialog unanswered' } as const;
const TRANSPORT_LABEL = { h1: 'HTTP/1.1', h2: 'HTTPS, HTTP/2' } as const;

export const benchmark: Benchmark = {
  name: 'screens',
  title: 'Lighthouse mobile (calibrated CPU slowdown) on /signin, home, transactions, company settings',
  async run(options) {
    const dist = await mkdtemp(join(tmpdir(), 'mp-bench-portal-'));
    try {
      await promisify(execFile)('npx', ['vite', 'build', '--outDir', dist, '--logLevel', 'warn'], {
        cwd: join(repoRoot, 'apps/portal'),
      });
      const measured = [];
      for (const [transport, port] of [
        ['h1', options.port + 9],
        ['h2', options.port + 8],
      ] as [Transport, number][]) {
        const { base, env, spki } = await transportEnv(transport, port);
        const api = await startApi({
          kind: 'pglite',
          port,
          env: { PORTAL_DIST: dist, ...env },
        });
        try {
          const session = await portalSession(base, DEMO_SIGN_INS.gbOwner);
          for (const consent of transport === 'h1'
            ? (['answered', 'unanswered'] as const)
            : (['answered'] as const)) {
            console.log(`  ${TRANSPORT_LABEL[transport]}: signed-in screens, ${CONSENT_LABEL[consent]}:`);
            const results = await lighthouseScreens({
              baseUrl: base,
              signedOut: consent === 'answered' ? ['/signin'] : [],
              signedIn: SIGNED_IN,
              session,
              runs: options.lighthouseRuns,
              calibrate: true,
              consent,
              trustSpki: spki,
              log: console.log,
            });
            measured.push(...results.map((result) => ({ result, consent, transport })));
          }
        } finally {
          await api.stop();
        }
      }
      const rows: BenchRow[] = [];
      for (const { result, consent, transport } of measured) {
        const screen = SCREENS.find((s) => s.path === result.path);
        if (!screen) continue;
        const details = [
          ...(result.path === '/signin' ? [] : [CONSENT_LABEL[consent]]),
          ...(transport === 'h2' ? [TRANSPORT_LABEL.h2] : []),
        ];
        const name = details.length > 0 ? `${screen.name} (${details.join(', ')})` : screen.name;
        const cpu = result.cpu.map((c) => c.multiplier.toFixed(1)).join('/');
        rows.push(
          {
            what: `Lighthouse mobile ${name} (CPU ${cpu}×; LCP ${(result.lcpMs / 1000).toFixed(1)} s, TBT ${Math.round(result.tbtMs)} ms; ${result.requests} requests, ${result.scripts} JS files, ${Math.round(result.scriptKiB)} KiB JS)`,
            value: result.score,
            unit: 'points',
            goal: `≥ ${screen.goal}`,
            met: result.score >= screen.goal,
          },
          {
            what: `CLS ${name}`,
            value: result.cls,
            unit: '',
            goal: '< 0.1',
            met: result.cls < 0.1,
          },
        );
      }
      return rows;
    } finally {
      await rm(dist, { recursive: true, force: true });
    }
  },
};
