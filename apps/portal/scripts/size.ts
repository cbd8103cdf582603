// Prints the gzip size of everything the browser loads for /signin: the entry, its static imports, the
// public layout and sign-in route chunks with theirs, and their CSS (issue 2 §8: at most 150 KB).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}

const BUDGET_KB = 150;
const SIGN_IN_MODULES = ['src/app/layouts/public-layout.tsx', 'src/features/session/routes/sign-in.tsx'];

const dist = join(import.meta.dirname, '..', 'dist');
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8')) as Record<
  string,
  ManifestChunk
>;

const files = new Set<string>(['index.html']);
function collect(key: string): void {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`${key} is not in the build manifest; run npm run build first`);
  if (files.has(chunk.file)) return;
  files.add(chunk.file);
  for (const css of chunk.css ?? []) files.add(css);
  for (const imported of chunk.imports ?? []) collect(imported);
}

const entry = Object.entries(manifest).find(([, chunk]) => chunk.isEntry)?.[0];
if (!entry) throw new Error('The build manifest has no entry');
for (const key of [entry, ...SIGN_IN_MODULES]) collect(key);

let total = 0;
const rows = [...files].map((file) => {
  const size = gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
  total += size;
  return { file, gzipKB: +(size / 1024).toFixed(1) };
});
rows.sort((a, b) => b.gzipKB - a.gzipKB);
console.table(rows);
const totalKB = total / 1024;
console.log(`/signin loads ${totalKB.toFixed(1)} KB gzip (budget ${BUDGET_KB} KB)`);
if (totalKB > BUDGET_KB) process.exitCode = 1;
