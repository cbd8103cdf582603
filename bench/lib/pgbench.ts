// pgbench with prepared statements (-M prepared) on a script from bench/pgbench/, at a given concurrency.
import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export async function pgbenchAvailable(): Promise<boolean> {
  try {
    await run('pgbench', ['--version']);
    return true;
  } catch {
    return false;
  }
}

/** The `q`-quantile (0–1) of sorted values, nearest rank. */
const quantile = (sorted: readonly number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? Number.NaN;

/**
 * Transactions per second of `script` (a file in bench/pgbench/) with `-D` variables, and the latency of its
 * transactions (p50, p99: pgbench's own per-transaction log, `-l`), the bound any client of the same statements
 * at the same concurrency on this machine starts from (docs/PERFORMANCE.md, session 16).
 */
export async function pgbench(options: {
  databaseUrl: string;
  script: string;
  clients: number;
  seconds: number;
  variables: Record<string, string>;
}): Promise<{ tps: number; p50Ms: number; p99Ms: number }> {
  const file = resolve(import.meta.dirname, '../pgbench', options.script);
  const logs = await mkdtemp(join(tmpdir(), 'mp-pgbench-'));
  const args = [
    '--no-vacuum',
    '-M',
    'prepared',
    '-c',
    String(options.clients),
    '-j',
    String(Math.min(2, options.clients)),
    '-T',
    String(options.seconds),
    '-l',
    `--log-prefix=${join(logs, 'log')}`,
    '-f',
    file,
    ...Object.entries(options.variables).flatMap(([name, value]) => ['-D', `${name}=${value}`]),
    options.databaseUrl,
  ];
  try {
    const { stdout } = await run('pgbench', args, { maxBuffer: 16 * 1024 * 1024, cwd: logs });
    const tps = /tps = ([\d.]+) \(without initial connection time\)/.exec(stdout)?.[1];
    if (!tps) throw new Error(`pgbench printed no tps:\n${stdout}`);
    // One line per transaction: client, transaction number, its latency in µs, script, epoch s, µs.
    const latencies: number[] = [];
    for (const name of await readdir(logs))
      for (const line of (await readFile(join(logs, name), 'utf8')).split('\n')) {
        const micros = Number(line.split(' ')[2]);
        if (line && Number.isFinite(micros)) latencies.push(micros / 1000);
      }
    latencies.sort((a, b) => a - b);
    return { tps: Number(tps), p50Ms: quantile(latencies, 0.5), p99Ms: quantile(latencies, 0.99) };
  } finally {
    await rm(logs, { recursive: true, force: true });
  }
}
