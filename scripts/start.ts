// `npm start`: builds the portal only when its sources changed since the last build (issue 16: a warm start
// serves within seconds), then runs the API, which serves the portal. The build is current when
// apps/portal/dist/.build-stamp is newer than every file and folder the build reads.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { API_ENV, API_NODE_FLAGS } from '../apps/api/src/node-flags.ts';

const root = resolve(import.meta.dirname, '..');
const stamp = join(root, 'apps/portal/dist/.build-stamp');
/** What the portal build reads: its own sources and config, and the shared domain package. */
const INPUTS = [
  'apps/portal/src',
  'apps/portal/public',
  'apps/portal/scripts',
  'apps/portal/index.html',
  'apps/portal/vite.config.ts',
  'apps/portal/package.json',
  'apps/portal/tsconfig.json',
  'packages/domain/src',
  'packages/domain/package.json',
  'package-lock.json',
];

/** The newest modification time under `path` (folders count: a deleted file changes its folder's). */
function newest(path: string): number {
  if (!existsSync(path)) return 0;
  const stats = statSync(path);
  if (!stats.isDirectory()) return stats.mtimeMs;
  let latest = stats.mtimeMs;
  for (const entry of readdirSync(path)) latest = Math.max(latest, newest(join(path, entry)));
  return latest;
}

const builtAt = existsSync(stamp) ? statSync(stamp).mtimeMs : 0;
const changedAt = Math.max(...INPUTS.map((input) => newest(join(root, input))));
if (changedAt >= builtAt) {
  const started = Date.now();
  const build = spawnSync('npm', ['run', 'build', '-w', 'apps/portal'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
  writeFileSync(stamp, `${new Date().toISOString()}\n`);
  process.stdout.write(`Built the portal in ${((Date.now() - started) / 1000).toFixed(1)} s.\n`);
} else process.stdout.write('The portal build is current (apps/portal/dist); not rebuilding.\n');

// The API in a child process: signals sent to this one (Ctrl+C, a supervisor's SIGTERM) reach it, and its
// graceful shutdown decides the exit code. Its Node flags cap V8's young generation and its environment keeps
// freed native memory from staying resident (apps/api/src/node-flags.ts).
const api = spawn(process.execPath, [...API_NODE_FLAGS, 'src/main.ts'], {
  cwd: join(root, 'apps/api'),
  env: { ...process.env, ...API_ENV },
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => api.kill(signal));
api.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
