// `npm test`: every check of the project, in order, with one summary at the end.
// Runs lint, type-check, the unit and API suites (PGlite, and PostgreSQL when one answers), the bundle-size
// budget and the end-to-end suite in Chromium. Prints "N passed, N failed" as its last line.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { relative, resolve } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { findChromium } from './chromium.ts';
import type { RetriedTest } from './vitest-retried.ts';

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
  /** Wall-clock time of the step, to see where the run's minutes go. */
  seconds: number;
}
const outcomes: Outcome[] = [];
let stepStarted = performance.now();
/** Records a step that has just ended; its time runs from the end of the step before. */
function record(outcome: Omit<Outcome, 'seconds'>): void {
  const now = performance.now();
  outcomes.push({ ...outcome, seconds: (now - stepStarted) / 1000 });
  stepStarted = now;
}

/** One test named in the summary: "step  file › full name" and, for a failure, the first line of its error. */
interface Named {
  step: string;
  file: string;
  name: string;
  error?: string;
}
const failedTests: Named[] = [];
const flakyTests: Named[] = [];

/** The first non-empty line of an error message, without colour codes, short enough for a log's tail. */
function firstLine(message: string | undefined): string | undefined {
  if (!message) return undefined;
  const line = stripVTControlCharacters(message)
    .split('\n')
    .find((text) => text.trim() !== '');
  if (!line) return undefined;
  const trimmed = line.trim();
  return trimmed.length > 240 ? `${trimmed.slice(0, 239)}…` : trimmed;
}

function run(cmd: string, args: string[], env: Record<string, string> = {}, cwd = root): boolean {
  console.log(`\n$ ${[cmd, ...args].join(' ')}`);
  const result = spawnSync(cmd, args, { cwd, stdio: 'inherit', env: { ...process.env, ...env } });
  return result.status === 0;
}

/** The parts of Vitest's JSON report that the summary reads. */
interface VitestReport {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
  testResults: {
    name: string;
    status: string;
    message?: string;
    assertionResults: { status: string; fullName: string; failureMessages?: string[] | null }[];
  }[];
}

/** Reads a vitest step's JSON report: its counts, and every failed test (or file that failed to run) by name. */
function vitestReport(
  step: string,
  file: string,
  cwd: string,
): Pick<Outcome, 'passed' | 'failed' | 'skipped'> {
  if (!existsSync(file)) return { passed: 0, failed: 0, skipped: 0 };
  const report = JSON.parse(readFileSync(file, 'utf8')) as VitestReport;
  let failedFiles = 0;
  for (const result of report.testResults) {
    const testFile = relative(cwd, result.name);
    const failures = result.assertionResults.filter((test) => test.status === 'failed');
    for (const test of failures)
      failedTests.push({
        step,
        file: testFile,
        name: test.fullName,
        error: firstLine(test.failureMessages?.[0]),
      });
    // A file that fails outside its tests (an import, a beforeAll hook) has no failed test to name.
    if (result.status === 'failed' && failures.length === 0) {
      failedFiles += 1;
      failedTests.push({ step, file: testFile, name: '(the file itself)', error: firstLine(result.message) });
    }
  }
  return {
    passed: report.numPassedTests,
    failed: report.numFailedTests + failedFiles,
    skipped: report.numPendingTests + report.numTodoTests,
  };
}

/** The tests that passed only on their retry, as written by scripts/vitest-retried.ts. */
function vitestRetried(step: string, file: string): number {
  if (!existsSync(file)) return 0;
  const retried = JSON.parse(readFileSync(file, 'utf8')) as RetriedTest[];
  for (const test of retried) flakyTests.push({ step, file: test.file, name: test.fullName });
  return retried.length;
}

function check(step: string, cmd: string, args: string[]): void {
  const ok = run(cmd, args);
  record({ step, ok, passed: ok ? 1 : 0, failed: ok ? 0 : 1, skipped: 0 });
}

/**
 * One Vitest suite. A failed test is retried once (decision 0103): one that passes on its retry counts as passed
 * and is named as flaky in the summary; one that fails twice fails the step.
 */
function vitest(step: string, workspace: string, env: Record<string, string> = {}): void {
  const out = resolve(results, `${step}.json`);
  const retriedOut = resolve(results, `${step}.retried.json`);
  const cwd = resolve(root, workspace);
  const ok = run(
    'npx',
    [
      'vitest',
      'run',
      '--retry=1',
      '--reporter=default',
      '--reporter=json',
      `--reporter=${resolve(root, 'scripts/vitest-retried.ts')}`,
      `--outputFile.json=${out}`,
    ],
    { ...env, VITEST_RETRIED_OUTPUT: retriedOut },
    cwd,
  );
  const counts = vitestReport(step, out, cwd);
  const flaky = vitestRetried(step, retriedOut);
  const ran = counts.passed + counts.failed > 0;
  const notes = [
    ...(ran ? [] : ['ran no test']),
    ...(flaky > 0 ? [`${flaky} flaky: passed on retry`] : []),
    // Vitest exits non-zero for errors outside any test (an unhandled rejection after a test ended).
    ...(!ok && counts.failed === 0 && ran ? ['failed outside the tests: see its output above'] : []),
  ];
  record({ step, ok: ok && ran, ...counts, ...(notes.length > 0 ? { note: notes.join('; ') } : {}) });
}

/** The parts of Playwright's JSON report that the summary reads. */
interface PlaywrightSuite {
  title: string;
  specs?: {
    title: string;
    file: string;
    tests: { status: string; projectName?: string; results?: { error?: { message?: string } }[] }[];
  }[];
  suites?: PlaywrightSuite[];
}
interface PlaywrightReport {
  stats: { expected: number; unexpected: number; flaky: number; skipped: number };
  suites: PlaywrightSuite[];
}

/** Names every e2e test that failed (with its last attempt's error) or failed and then passed on its retry. */
function playwrightNamed(report: PlaywrightReport): void {
  const visit = (suite: PlaywrightSuite, titles: string[]) => {
    for (const spec of suite.specs ?? []) {
      const name = [...titles, spec.title].join(' › ');
      for (const test of spec.tests) {
        if (test.status === 'flaky') flakyTests.push({ step: 'e2e', file: `tests/${spec.file}`, name });
        if (test.status === 'unexpected') {
          const errors = (test.results ?? []).map((result) => result.error?.message).filter(Boolean);
          failedTests.push({
            step: 'e2e',
            file: `tests/${spec.file}`,
            name,
            error: firstLine(errors.at(-1)),
          });
        }
      }
    }
    for (const child of suite.suites ?? []) visit(child, child.title ? [...titles, child.title] : titles);
  };
  // The top suites are the spec files themselves: their title is the file, already named.
  for (const suite of report.suites) visit(suite, []);
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
  record({ step: 'api-postgres', ok: true, passed: 0, failed: 0, skipped: 1, note: 'no PostgreSQL' });
}

const built = run('npm', ['run', 'build', '-w', 'apps/portal']);
record({ step: 'portal-build', ok: built, passed: built ? 1 : 0, failed: built ? 0 : 1, skipped: 0 });
if (built) check('size-budget', 'npm', ['run', 'size', '-w', 'apps/portal', '--', '--check']);

const chromium = findChromium();
if (!chromium) {
  console.error(
    '\nNo Chromium found for the end-to-end tests. Install one (Debian: apt-get install -y chromium) ' +
      'or point CHROME_PATH at a Chromium binary.',
  );
  record({ step: 'e2e', ok: false, passed: 0, failed: 1, skipped: 0, note: 'no Chromium' });
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
  let flaky = 0;
  if (existsSync(out)) {
    const report = JSON.parse(readFileSync(out, 'utf8')) as PlaywrightReport;
    const { stats } = report;
    passed = stats.expected + stats.flaky;
    failed = stats.unexpected;
    skipped = stats.skipped;
    flaky = stats.flaky;
    playwrightNamed(report);
  }
  const note = flaky > 0 ? `${flaky} flaky: passed on retry` : undefined;
  record({ step: 'e2e', ok: ok && passed > 0, passed, failed, skipped, note });
}

// The summary comes last, so that the tail of a CI log says what failed and what was flaky, by name.
console.log('\nSummary');
for (const o of outcomes) {
  const mark = o.ok ? 'ok  ' : 'FAIL';
  const whole = Math.round(o.seconds);
  const time = `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
  console.log(
    `  ${mark} ${o.step.padEnd(14)} ${time.padStart(6)}  ${o.passed} passed, ${o.failed} failed${o.note ? ` (${o.note})` : ''}`,
  );
}
if (flakyTests.length > 0) {
  console.log('Flaky (failed once, passed on retry):');
  for (const t of flakyTests) console.log(`  ${t.step}  ${t.file} › ${t.name}`);
}
if (failedTests.length > 0) {
  console.log('Failed:');
  for (const t of failedTests)
    console.log(`  ${t.step}  ${t.file} › ${t.name}${t.error ? `\n      ${t.error}` : ''}`);
}
const passed = outcomes.reduce((n, o) => n + o.passed, 0);
const failed = outcomes.reduce((n, o) => n + o.failed, 0);
const skipped = outcomes.reduce((n, o) => n + o.skipped, 0);
const allOk = outcomes.every((o) => o.ok);
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(allOk && failed === 0 ? 0 : 1);
