import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Plugin } from 'vite';

// The portal imports @mantine/core's styles per component (src/lib/mantine/mantine-styles.ts, docs/decisions/0109),
// not the whole sheet. This check fails the build when the bundle's JS carries a class of @mantine/core (`m_…`, the
// names its components put on their elements) that no emitted stylesheet defines: a component rendered without its
// styles. The message names the files to import.
const CLASS = /\bm_[0-9a-f]{5,8}\b/g;

/** Every class @mantine/core's per-component stylesheets define, with the file that defines it. */
function coreClasses(): Map<string, string> {
  const stylesDir = join(
    dirname(createRequire(import.meta.url).resolve('@mantine/core/styles.css')),
    'styles',
  );
  const owner = new Map<string, string>();
  for (const file of readdirSync(stylesDir)) {
    if (!file.endsWith('.css') || file.includes('.layer.')) continue;
    for (const [name] of readFileSync(join(stylesDir, file), 'utf8').matchAll(CLASS))
      if (!owner.has(name)) owner.set(name, file);
  }
  return owner;
}

export function mantineCssCheck(): Plugin {
  return {
    name: 'mp-mantine-css-check',
    apply: 'build',
    generateBundle(_options, bundle) {
      const owner = coreClasses();
      const used = new Set<string>();
      const defined = new Set<string>();
      for (const item of Object.values(bundle)) {
        if (item.type === 'chunk') for (const [name] of item.code.matchAll(CLASS)) used.add(name);
        else if (item.fileName.endsWith('.css'))
          for (const [name] of String(item.source).matchAll(CLASS)) defined.add(name);
      }
      const missing = new Set<string>();
      for (const name of used) {
        const file = owner.get(name);
        if (file && !defined.has(name)) missing.add(file);
      }
      if (missing.size > 0)
        this.error(
          `mantine-css-check: the JS uses components whose styles no stylesheet carries; import ${[...missing]
            .sort()
            .map((file) => `'@mantine/core/styles/${file}'`)
            .join(', ')} in src/lib/mantine/mantine-styles.ts (in the order of @mantine/core/styles.css)`,
        );
    },
  };
}
