import type { Plugin, Rolldown } from 'vite';

// V8's explicit compile hint (Chrome 136+, v8.dev/blog/explicit-compile-hints): a file that starts with this comment
// has all its functions compiled eagerly, on the background thread that compiles the script while it streams in,
// instead of each on the main thread when first called. Only for chunks whose functions mostly run on a first
// visit: elsewhere it would compile code that never runs (issue 16 §2, docs/decisions/0121).
const HINT = '//# allFunctionsCalledOnLoad';

/**
 * Starts the named chunks (the app's entry is `index`) with V8's compile hint, on the file's first line: after
 * Vite's own additions (its preload map is prepended late), with the written source map moved down one line.
 */
export function compileHints(chunkNames: readonly string[]): Plugin {
  const hinted = new Set(chunkNames);
  return {
    name: 'mp-compile-hints',
    apply: 'build',
    generateBundle: {
      // After Vite's own generateBundle, which prepends the preload map; by then each source map is an asset.
      order: 'post',
      handler(_options, bundle) {
        for (const chunk of Object.values(bundle)) {
          if (chunk.type !== 'chunk' || !hinted.has(chunk.name)) continue;
          chunk.code = `${HINT}\n${chunk.code}`;
          shiftSourceMap(bundle, `${chunk.fileName}.map`);
        }
      },
    },
  };
}

/** One line more at the top of the generated file: an empty line first in the map's mappings. */
function shiftSourceMap(bundle: Rolldown.OutputBundle, fileName: string): void {
  const asset = bundle[fileName];
  if (asset?.type !== 'asset') return;
  const map = JSON.parse(String(asset.source)) as { mappings: string };
  map.mappings = `;${map.mappings}`;
  asset.source = JSON.stringify(map);
}
