// Refreshes durations.json (seconds per spec file, which playwright.config.ts uses to deal the files to the
// stacks: decision 0089) from a run's JSON report:
//   PLAYWRIGHT_JSON_OUTPUT_NAME=/tmp/e2e.json npx playwright test --reporter=json && node scripts/durations.ts /tmp/e2e.json
import { readFileSync, writeFileSync } from 'node:fs';
import { basename, resolve } from 'node:path';

interface Suite {
  specs?: { file: string; tests: { results: { duration: number }[] }[] }[];
  suites?: Suite[];
}

const [reportPath] = process.argv.slice(2);
if (!reportPath) throw new Error('usage: node scripts/durations.ts <playwright-report.json>');
const report = JSON.parse(readFileSync(reportPath, 'utf8')) as { suites: Suite[] };
const seconds: Record<string, number> = {};
const visit = (suite: Suite) => {
  for (const spec of suite.specs ?? []) {
    const file = basename(spec.file);
    // The first attempt only: a retry's time says nothing about the file's share of a run.
    const ms = spec.tests.reduce((sum, test) => sum + (test.results[0]?.duration ?? 0), 0);
    seconds[file] = (seconds[file] ?? 0) + ms / 1000;
  }
  for (const child of suite.suites ?? []) visit(child);
};
for (const suite of report.suites) visit(suite);
const sorted = Object.fromEntries(
  Object.entries(seconds)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([file, s]) => [file, Math.round(s)]),
);
writeFileSync(resolve(import.meta.dirname, '../durations.json'), `${JSON.stringify(sorted, null, 2)}\n`);
console.log(sorted);
