// A diagnosis tool (not a suite): Lighthouse mobile on the signed-in screens of two or more portal builds, each
// served by its own API on PGlite, the runs interleaved (one build, then the other, the order swapped every round)
// so the shared machine's load falls on both alike. Prints each run (score, TBT, LCP, CPU slowdown, load average)
// and the medians; `--save DIR` keeps every Lighthouse report (JSON) to read the audits from.
//
//   node bench/screens-compare.ts --dist before=/tmp/a --dist after=/tmp/b [--paths /,/transactions]
//     [--rounds 3] [--port 3120] [--save DIR] [--cpu 4 | --calibrate] [--consent answered|unanswered]
//
// A build's options after its folder, each after an `@`: `unanswered` or `answered` (the cookie question, whatever
// `--consent` says) and `h2` (served over HTTPS with HTTP/2, bench/lib/tls.ts; plain HTTP/1.1 otherwise). One
// folder under two names compares them: `--dist h1=/tmp/a --dist h2=/tmp/a@h2`.
//
// Build the dists first (`npm run build -w apps/portal -- --outDir /tmp/a`). Ports: `--port` + 1, + 2, … (one API
// per build).
import { mkdir } from 'node:fs/promises';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { type BuildApi, startBuildApis } from './lib/build-apis.ts';
import { lighthouseScreens } from './lib/lighthouse.ts';

const { values } = parseArgs({
  options: {
    dist: { type: 'string', multiple: true },
    paths: { type: 'string', default: '/,/transactions,/company-settings' },
    rounds: { type: 'string', default: '3' },
    port: { type: 'string', default: '3120' },
    save: { type: 'string' },
    cpu: { type: 'string' },
    calibrate: { type: 'boolean', default: false },
    consent: { type: 'string', default: 'answered' },
  },
});

const consentOf = (value: string | undefined): 'answered' | 'unanswered' => {
  if (value !== 'answered' && value !== 'unanswered')
    throw new Error(`consent answered|unanswered, not ${value}`);
  return value;
};
const builds = (values.dist ?? []).map((entry) => {
  const [name, target] = entry.split('=');
  const [dist, ...flags] = (target ?? '').split('@');
  if (!name || !dist) throw new Error(`--dist name=/path[@consent][@h2], not ${entry}`);
  const transport = flags.includes('h2') ? ('h2' as const) : ('h1' as const);
  const consent = flags.find((flag) => flag !== 'h2') ?? values.consent;
  return { name, dist, consent: consentOf(consent), transport };
});
if (builds.length === 0) throw new Error('at least one --dist name=/path');
const paths = values.paths.split(',');
const rounds = Number(values.rounds);
const firstPort = Number(values.port);
const load = () => (loadavg()[0] ?? 0).toFixed(1);

const apis: BuildApi[] = [];
try {
  await startBuildApis(builds, firstPort, apis);
  if (values.save) await mkdir(values.save, { recursive: true });
  const results = new Map<string, Array<{ score: number; tbt: number; lcp: number }>>();
  for (let round = 0; round < rounds; round++) {
    for (const path of paths) {
      const order = round % 2 === 0 ? apis : [...apis].reverse();
      for (const { name, base, session, spki } of order) {
        const before = load();
        let saveTo: string | undefined;
        if (values.save) {
          saveTo = `${values.save}/${name}-r${round + 1}`;
          await mkdir(saveTo, { recursive: true });
        }
        const signedOut = path === '/signin';
        const [result] = await lighthouseScreens({
          baseUrl: base,
          signedOut: signedOut ? [path] : [],
          signedIn: signedOut ? [] : [path],
          session,
          runs: 1,
          calibrate: values.calibrate,
          cpuSlowdown: values.cpu ? Number(values.cpu) : undefined,
          consent: builds.find((build) => build.name === name)?.consent,
          trustSpki: spki,
          saveTo,
        });
        if (!result) continue;
        const key = `${path}\t${name}`;
        const list = results.get(key) ?? [];
        list.push({ score: result.score, tbt: result.tbtMs, lcp: result.lcpMs });
        results.set(key, list);
        const cpu = result.cpu[0];
        console.log(
          `round ${round + 1} ${path} ${name}: ${result.score} (TBT ${Math.round(result.tbtMs)} ms, LCP ${Math.round(result.lcpMs)} ms, CLS ${result.cls.toFixed(3)}, ${result.scripts} JS files ${Math.round(result.scriptKiB)} KiB; CPU ${cpu?.multiplier.toFixed(2)}× @${cpu?.benchmarkIndex}; load ${before} → ${load()})`,
        );
      }
    }
  }
  const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)] ?? 0;
  console.log('\nmedians (score, TBT ms, LCP ms):');
  for (const [key, list] of results)
    console.log(
      `${key}\t${median(list.map((r) => r.score))}\t${Math.round(median(list.map((r) => r.tbt)))}\t${Math.round(median(list.map((r) => r.lcp)))}\t(scores ${list.map((r) => r.score).join(', ')})`,
    );
} finally {
  for (const { api } of apis) await api.stop();
}
