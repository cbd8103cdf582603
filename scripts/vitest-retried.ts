// A Vitest reporter for `npm test` (scripts/test.ts, decision 0103): writes the tests that passed only on a retry
// to the JSON file named by VITEST_RETRIED_OUTPUT, so the summary can name them as flaky. Vitest's JSON report
// keeps the final state of a test, not how many attempts it took; the reporter API does (diagnostic().flaky).
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, relative } from 'node:path';
import type { Reporter, TestCase, TestModule } from 'vitest/node';

export interface RetriedTest {
  /** The test file, relative to the directory Vitest ran in. */
  file: string;
  fullName: string;
  retryCount: number;
}

export default class RetriedReporter implements Reporter {
  private readonly retried: RetriedTest[] = [];

  onTestCaseResult(testCase: TestCase): void {
    const diagnostic = testCase.diagnostic();
    if (!diagnostic?.flaky) return;
    this.retried.push({
      file: relative(process.cwd(), testCase.module.moduleId),
      fullName: testCase.fullName,
      retryCount: diagnostic.retryCount,
    });
  }

  onTestRunEnd(_modules: ReadonlyArray<TestModule>): void {
    const out = process.env.VITEST_RETRIED_OUTPUT;
    if (!out) return;
    mkdirSync(dirname(out), { recursive: true });
    writeFileSync(out, `${JSON.stringify(this.retried, null, 2)}\n`);
  }
}
