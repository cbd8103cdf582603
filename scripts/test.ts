// `npm test`: every check of the project, in order, with one summary at the end.
// Runs lint, type-check, the unit and API suites (PGlite, and PostgreSQL when one answers), the bundle-size
// budget and the end-to-end suite in Chromium. Prints "N passed, N failed" as its last line.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { resolve } from 'node:path';
import { findChromium } from './chromium.ts';

const root = resolve(import.meta.dirname, '..');
const results = resolve(root, '.tmp/test-results');
rmSync(results, { recursive: true, force: true });
mkdirSync(results, { recursive: true });

interface Outcome {
  step: string;
  ok: boolean;
  passed: number;
  failed: number;
  skipped: number;
  note?: string;
}
const outcomes: Outcome[] = [];

function run(cmd: string, args: string[], env: Record<string, string> = {}, cwd = root): boolean {
  console.log(`\n$ ${[cmd, ...args].join(' ')}`);
  const result = spawnSync(cmd, args, { cwd, stdio: 'inherit', env: { ...process.env, ...env } });
  return result.status === 0;
}

function vitestCounts(file: string): Pick<Outcome, 'passed' | 'failed' | 'skipped'> {
  if (!existsSync(file)) return { passed: 0, failed: 0, skipped: 0 };
  const report = JSON.parse(readFileSync(file, 'utf8')) as {
    numPassedTests: number;
    numFailedTests: number;
    numPendingTests: number;
    numTodoTests: number;
  };
  return {
    passed: report.numPassedTests,
    failed: report.numFailedTests,
    skipped: report.numPendingTests + report.numTodoTests,
  };
}

function check(step: string, cmd: string, args: string[]): void {
  const ok = run(cmd, args);
  outcomes.push({ step, ok, passed: ok ? 1 : 0, failed: ok ? 0 : 1, skipped: 0 });
}

function vitest(step: string, workspace: string, env: Record<string, string> = {}): void {
  const out = resolve(results, `${step}.json`);
  const ok = run(
    'npx',
    ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${out}`],
    env,
    resolve(root, workspace),
  );
  const counts = vitestCounts(out);
  const ran = counts.passed + counts.failed > 0;
  outcomes.push({ step, ok: ok && ran, ...counts, ...(ran ? {} : { note: 'ran no test' }) });
}

/** The parts of Playwright's JSON report that the summary reads. */
interface PlaywrightSuite {
  title: string;
  specs?: { title: string; file: string; tests: { status: string }[] }[];
  suites?: PlaywrightSuite[];
}
interface PlaywrightReport {
  stats: { expected: number; unexpected: number; flaky: number; skipped: number };
  suites: PlaywrightSuite[];
}

/** "file › title" of every test that failed and then passed on its retry. */
function flakyTitles(report: PlaywrightReport): string[] {
  const titles: string[] = [];
  const visit = (suite: PlaywrightSuite) => {
    for (const spec of suite.specs ?? [])
      if (spec.tests.some((test) => test.status === 'flaky')) titles.push(`${spec.file} › ${spec.title}`);
    for (const child of suite.suites ?? []) visit(child);
  };
  for (const suite of report.suites) visit(suite);
  return titles;
}

function postgresAnswers(host: string, port: number): Promise<boolean> {
  return new Promise((done) => {
    const socket = connect({ host, port, timeout: 1000 });
    socket.once('connect', () => {
      socket.end();
      done(true);
    });
    socket.once('error', () => done(false));
    socket.once('timeout', () => {
      socket.destroy();
      done(false);
    });
  });
}

check('lint', 'npx', ['biome', 'check', '.']);
check('typecheck', 'npm', ['run', 'typecheck']);
vitest('domain', 'packages/domain');
vitest('portal', 'apps/portal');
vitest('api-pglite', 'apps/api');

const pgUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const pg = new URL(pgUrl);
if (await postgresAnswers(pg.hostname, Number(pg.port || 5432))) {
  vitest('api-postgres', 'apps/api', { TEST_DATABASE_URL: pgUrl });
} else {
  console.log(`\nPostgreSQL does not answer at ${pg.host}: the API suite ran on PGlite only.`);
  outcomes.push({ step: 'api-postgres', ok: true, passed: 0, failed: 0, skipped: 1, note: 'no PostgreSQL' });
}

const built = run('npm', ['run', 'build', '-w', 'apps/portal']);
outcomes.push({ step: 'portal-build', ok: built, passed: built ? 1 : 0, failed: built ? 0 : 1, skipped: 0 });
if (built) check('size-budget', 'npm', ['run', 'size', '-w', 'apps/portal', '--', '--check']);

const chromium = findChromium();
if (!chromium) {
  console.error(
    '\nNo Chromium found for the end-to-end tests. Install one (Debian: apt-get install -y chromium) ' +
      'or point CHROME_PATH at a Chromium binary.',
  );
  outcomes.push({ step: 'e2e', ok: false, passed: 0, failed: 1, skipped: 0, note: 'no Chromium' });
} else if (built) {
  const out = resolve(results, 'e2e.json');
  const ok = run(
    'npx',
    ['playwright', 'test', '--reporter=list,json'],
    {
      CHROME_PATH: chromium,
      PLAYWRIGHT_JSON_OUTPUT_NAME: out,
    },
    resolve(root, 'e2e'),
  );
  let passed = 0;
  let failed = ok ? 0 : 1;
  let skipped = 0;
  let flaky: string[] = [];
  if (existsSync(out)) {
    const report = JSON.parse(readFileSync(out, 'utf8')) as PlaywrightReport;
    const { stats } = report;
    passed = stats.expected + stats.flaky;
    failed = stats.unexpected;
    skipped = stats.skipped;
    flaky = flakyTitles(report);
  }
  const note = flaky.length > 0 ? `${flaky.length} flaky: passed on retry` : undefined;
  outcomes.push({ step: 'e2e', ok: ok && passed > 0, passed, failed, skipped, note });
  for (const title of flaky) console.log(`\nFlaky e2e test (failed once, passed on retry): ${title}`);
}

console.log('\nSummary');
for (const o of outcomes) {
  const mark = o.ok ? 'ok  ' : 'FAIL';
  console.log(
    `  ${mark} ${o.step.padEnd(14)} ${o.passed} passed, ${o.failed} failed${o.note ? ` (${o.note})` : ''}`,
  );
}
const passed = outcomes.reduce((n, o) => n + o.passed, 0);
const failed = outcomes.reduce((n, o) => n + o.failed, 0);
const skipped = outcomes.reduce((n, o) => n + o.skipped, 0);
const allOk = outcomes.every((o) => o.ok);
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(allOk && failed === 0 ? 0 : 1);
