// A tiny benchmark harness: each case runs a bounded number of times after a warm-up, and every table
// prints each case's time as a ratio against the suite's baseline measured in the same run, on the same
// machine, seconds apart. Timings are never asserted: they are printed for people to read.

export interface Case {
  name: string;
  run: () => Promise<unknown>;
}

export interface Result {
  name: string;
  iterations: number;
  meanMs: number;
  p95Ms: number;
}

export async function measure(
  benchCase: Case,
  options: { iterations: number; warmup: number },
): Promise<Result> {
  for (let i = 0; i < options.warmup; i += 1) await benchCase.run();
  const samples: number[] = [];
  for (let i = 0; i < options.iterations; i += 1) {
    const started = performance.now();
    await benchCase.run();
    samples.push(performance.now() - started);
  }
  samples.sort((a, b) => a - b);
  const meanMs = samples.reduce((sum, s) => sum + s, 0) / samples.length;
  const p95Ms = samples[Math.min(samples.length - 1, Math.floor(samples.length * 0.95))] ?? meanMs;
  return { name: benchCase.name, iterations: samples.length, meanMs, p95Ms };
}

/** Runs the baseline first and every other case after it, then prints one table with ratios. */
export async function suite(
  title: string,
  baseline: Case,
  cases: Case[],
  options: { iterations: number; warmup: number },
): Promise<Result[]> {
  const base = await measure(baseline, options);
  const results = [base];
  for (const benchCase of cases) results.push(await measure(benchCase, options));
  console.log(`\n${title} (${options.iterations} runs each after ${options.warmup} warm-up runs)`);
  console.log(
    `${'case'.padEnd(56)} ${'mean ms'.padStart(9)} ${'p95 ms'.padStart(9)} ${'× baseline'.padStart(11)}`,
  );
  for (const r of results) {
    const ratio = r === base ? 'baseline' : `${(r.meanMs / base.meanMs).toFixed(2)}×`;
    console.log(
      `${r.name.padEnd(56)} ${r.meanMs.toFixed(3).padStart(9)} ${r.p95Ms.toFixed(3).padStart(9)} ${ratio.padStart(11)}`,
    );
  }
  return results;
}
