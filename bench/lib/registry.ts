// What a benchmark is, and the one table `npm run bench` ends with. A benchmark is a module in bench/suites/
// that exports `benchmark`; run.ts finds every one of them, so adding a benchmark is adding a file.

export interface BenchOptions {
  /** Seconds per throughput measurement (autocannon, pgbench, in-process loops). */
  seconds: number;
  /** Seconds of the R6 load test. */
  loadSeconds: number;
  /** Iterations per case of the micro-benchmarks. */
  iterations: number;
  /** Lighthouse runs per screen (the median is kept). */
  lighthouseRuns: number;
  /** Transactions for data-size benchmarks. */
  transactions: number;
  /** Transactions of the report export benchmark (issue 12 §5: 1,000,000). */
  exportRows: number;
  /** Rounds of export and COPY taking turns (medians kept). */
  exportRounds: number;
  /** Transactions in the one trading day of the payout job benchmark (issue 12 §5: 100,000). */
  payoutTransactions: number;
  /** Transactions of the one merchant of the transactions list benchmark (issue 11 §5: 1,000,000). */
  listTransactions: number;
  /** The list benchmark on this already generated database (kept) instead of a fresh one. */
  listDatabase: string | undefined;
  /** Ports this run may use (ten from here). */
  port: number;
  /** Whether PostgreSQL is reachable (BENCH_DATABASE_URL); benchmarks that need it skip otherwise. */
  postgres: boolean;
}

/** One line of the final table: a measured value, the anchor measured in the same run, their ratio, the goal. */
export interface BenchRow {
  what: string;
  value: number;
  unit: string;
  /** The anchor's value and what it is; absent when the goal is absolute (a p99, a memory ceiling). */
  anchor?: { what: string; value: number };
  /** How the row is judged, e.g. `≥ 0.5× anchor`, `≤ 10 ms`. */
  goal: string;
  /** Whether the goal was met (printed, never asserted). */
  met?: boolean;
}

export interface Benchmark {
  /** Short name, used by `--only`. */
  name: string;
  /** What it measures, one line. */
  title: string;
  run(options: BenchOptions): Promise<BenchRow[]>;
}

/** `value / anchor` for throughputs (higher is better). */
export function ratio(row: BenchRow): number | undefined {
  return row.anchor && row.anchor.value > 0 ? row.value / row.anchor.value : undefined;
}

const fmt = (n: number) =>
  n >= 100 ? Math.round(n).toLocaleString('en-GB') : n >= 10 ? n.toFixed(1) : n.toFixed(2);

/** The final table, as Markdown (docs/PERFORMANCE.md takes it as it is). */
export function formatTable(rows: BenchRow[]): string {
  const lines = ['| what | value | anchor (same run) | ratio | goal | met |', '|---|---:|---|---:|---|---|'];
  for (const row of rows) {
    const r = ratio(row);
    lines.push(
      `| ${row.what} | ${fmt(row.value)} ${row.unit} | ${row.anchor ? `${row.anchor.what}: ${fmt(row.anchor.value)}` : '—'} | ${r === undefined ? '—' : `${r.toFixed(2)}×`} | ${row.goal} | ${row.met === undefined ? '—' : row.met ? 'yes' : 'no'} |`,
    );
  }
  return lines.join('\n');
}
