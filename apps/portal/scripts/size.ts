// Prints the gzip size of everything the browser downloads for /signin: index.html, the entries and their static
// imports (the modulepreloads), the public layout and sign-in route chunks with theirs, their CSS, and the
// active locale's texts (the heaviest locale is counted). Issue 2 §8: at most 150 KB; `--check` exits 1 above.
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { LOCALES } from '@mp/domain/locales';

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}

const BUDGET_KB = 150;
const LIBRARY_MODULE = 'src/lib/consent/cookie-consent.ts';
const SIGN_IN_MODULES = ['src/app/layouts/public-layout.tsx', 'src/features/session/routes/sign-in.tsx'];
// `--dist <folder>` measures another build (e.g. `vite build --outDir /tmp/size-dist`); default: apps/portal/dist.
const distArgument = process.argv.indexOf('--dist');
const dist =
  distArgument > 0 && process.argv[distArgument + 1]
    ? resolve(process.argv[distArgument + 1] as string)
    : join(import.meta.dirname, '..', 'dist');
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8')) as Record<
  string,
  ManifestChunk
>;
const gzipBytes = (file: string) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;

function collect(key: string, files: Set<string>): void {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`${key} is not in the build manifest; run npm run build first`);
  if (files.has(chunk.file)) return;
  files.add(chunk.file);
  for (const css of chunk.css ?? []) files.add(css);
  for (const imported of chunk.imports ?? []) collect(imported, files);
}

// Every entry of index.html: the app's and the early one (the colour scheme and the cookie banner, decision 0104).
const entries = Object.entries(manifest)
  .filter(([, chunk]) => chunk.isEntry)
  .map(([key]) => key);
if (entries.length === 0) throw new Error('The build manifest has no entry');
const files = new Set<string>(['index.html']);
for (const key of [...entries, ...SIGN_IN_MODULES]) collect(key, files);

// The locale files are loaded before the first render; count the heaviest locale. Each locale's texts are one chunk
// (`texts-<language>`, scripts/route-chunks-plugin.ts): the portal's own, the validation messages, the cookie dialog's.
const localeFiles = LOCALES.map((locale) => {
  const prefix = `assets/texts-${locale.toLowerCase()}-`;
  const key = Object.keys(manifest).find((candidate) => manifest[candidate]?.file.startsWith(prefix));
  if (!key) throw new Error(`No ${prefix}… chunk in the build manifest`);
  const chunkFiles = new Set<string>();
  collect(key, chunkFiles);
  const extra = [...chunkFiles].filter((file) => !files.has(file));
  return { locale, extra, bytes: extra.reduce((sum, file) => sum + gzipBytes(file), 0) };
});
const heaviest = localeFiles.reduce((a, b) => (b.bytes > a.bytes ? b : a));
for (const file of heaviest.extra) files.add(file);

let total = 0;
const rows = [...files].map((file) => {
  const size = gzipBytes(file);
  total += size;
  return { file, gzipKB: +(size / 1024).toFixed(1) };
});
rows.sort((a, b) => b.gzipKB - a.gzipKB);
console.table(rows);
const totalKB = total / 1024;
console.log(
  `/signin loads ${totalKB.toFixed(1)} KB gzip (budget ${BUDGET_KB} KB; locale counted: ${heaviest.locale})`,
);
if (process.argv.includes('--check') && totalKB > BUDGET_KB) {
  console.error(`Over the ${BUDGET_KB} KB budget by ${(totalKB - BUDGET_KB).toFixed(1)} KB`);
  process.exitCode = 1;
}

// Every page loads the cookie-consent library after its first render (src/lib/consent/consent-library.ts): its chunk
// must bring nothing but itself that /signin does not load already (once it brought the signed-in shell, 110 KB).
const library = new Set<string>();
collect(LIBRARY_MODULE, library);
const libraryFile = manifest[LIBRARY_MODULE]?.file;
const extra = [...library].filter((file) => file !== libraryFile && !files.has(file));
console.log(
  `The cookie-consent library's chunk brings ${extra.length === 0 ? 'nothing else' : extra.join(', ')}`,
);
if (process.argv.includes('--check') && extra.length > 0) {
  console.error(`The cookie-consent library imports chunks /signin does not load: ${extra.join(', ')}`);
  process.exitCode = 1;
}
