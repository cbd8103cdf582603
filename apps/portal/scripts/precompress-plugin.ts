import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin, ResolvedConfig } from 'vite';

const COMPRESSIBLE = /\.(js|css|html|svg|json|txt|map|webmanifest)$/;
const MIN_BYTES = 512;

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
        if (!COMPRESSIBLE.test(file) || (await stat(file)).size < MIN_BYTES) continue;
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
