// pgbench with prepared statements (-M prepared) on a script from bench/pgbench/, at a given concurrency.
import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
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

/** Transactions per second of `script` (a file in bench/pgbench/) with `-D` variables. */
export async function pgbench(options: {
  databaseUrl: string;
  script: string;
  clients: number;
  seconds: number;
  variables: Record<string, string>;
}): Promise<{ tps: number; p99Ms: number | undefined }> {
  const file = resolve(import.meta.dirname, '../pgbench', options.script);
  const args = [
    '--no-vacuum',
    '-M',
    'prepared',
    '-c',
    String(options.clients),
    '-j',
    '2',
    '-T',
    String(options.seconds),
    '-f',
    file,
    ...Object.entries(options.variables).flatMap(([name, value]) => ['-D', `${name}=${value}`]),
    options.databaseUrl,
  ];
  const { stdout } = await run('pgbench', args, { maxBuffer: 16 * 1024 * 1024 });
  const tps = /tps = ([\d.]+) \(without initial connection time\)/.exec(stdout)?.[1];
  if (!tps) throw new Error(`pgbench printed no tps:\n${stdout}`);
  return { tps: Number(tps), p99Ms: undefined };
}
