// Loads a benchmark merchant into a PostgreSQL database with the project's own generator
// (apps/api/scripts/generate-data.ts: five sites, two terminals each, rates, N transactions over D days).
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { repoRoot } from './server.ts';

export async function generateMerchant(options: {
  databaseUrl: string;
  transactions: number;
  days: number;
  seed: number;
}): Promise<{ merchantId: string; seconds: number; owner: { email: string; password: string } }> {
  const started = performance.now();
  const child = spawn(
    process.execPath,
    [
      resolve(repoRoot, 'apps/api/scripts/generate-data.ts'),
      '--transactions',
      String(options.transactions),
      '--days',
      String(options.days),
      '--seed',
      String(options.seed),
      '--no-payouts',
    ],
    { env: { ...process.env, DATABASE_URL: options.databaseUrl, LOG_LEVEL: 'warn' }, stdio: 'pipe' },
  );
  let output = '';
  child.stdout.on('data', (chunk) => {
    output += String(chunk);
  });
  child.stderr.on('data', (chunk) => {
    output += String(chunk);
  });
  const code = await new Promise<number | null>((done) => child.once('exit', done));
  const merchantId = /for merchant ([0-9a-f-]{36})/.exec(output)?.[1];
  const owner = /Sign in as (\S+) \/ (\S+)/.exec(output);
  if (code !== 0 || !merchantId || !owner?.[1] || !owner[2])
    throw new Error(`generate-data failed (${code}):\n${output.slice(-2000)}`);
  return {
    merchantId,
    seconds: (performance.now() - started) / 1000,
    owner: { email: owner[1], password: owner[2] },
  };
}
