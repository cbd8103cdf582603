import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin, ResolvedConfig } from 'vite';

// Every text asset the browser loads, however small: below 512 bytes the server would otherwise brotli-compress
// it on every request (issue 16). Source maps are left out: only developer tools fetch them, and brotli-11 on
// them was two thirds of the build.
const COMPRESSIBLE = /\.(js|css|html|svg|json|txt|webmanifest)$/;

async function* filesUnder(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(path);
    else yield path;
  }
}

/** Writes `.br` and `.gz` beside every text asset so the API can serve them precompressed (DESIGN §2). */
export function precompress(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'mp-precompress',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    async closeBundle() {
      // resolve, not join: `vite build --outDir /tmp/x` gives an absolute folder.
      const outDir = resolve(config.root, config.build.outDir);
      for await (const file of filesUnder(outDir)) {
        if (!COMPRESSIBLE.test(file)) continue;
        const content = await readFile(file);
        await writeFile(`${file}.gz`, gzipSync(content, { level: 9 }));
        await writeFile(
          `${file}.br`,
          brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        );
      }
    },
  };
}
