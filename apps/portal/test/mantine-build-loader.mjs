// Node module hooks (module.register) that load @mantine's files as the production build does: through the
// portal's mantine-first-render plugin (its `load` replacements, then its `transform` patches). For tests that render
// Mantine as the built portal runs it (test/mantine-commit-patches.test.tsx); register before Mantine is imported.
import { fileURLToPath } from 'node:url';
import { mantineFirstRenderValues } from '../scripts/mantine-first-render-plugin.ts';

const plugin = mantineFirstRenderValues();

export async function load(url, context, nextLoad) {
  if (!url.startsWith('file:') || !url.includes('/node_modules/@mantine/')) return nextLoad(url, context);
  const path = fileURLToPath(url);
  const replaced = plugin.load.call({}, path);
  if (typeof replaced === 'string') return { format: 'module', source: replaced, shortCircuit: true };
  const loaded = await nextLoad(url, context);
  if (loaded.format !== 'module') return loaded;
  const patched = plugin.transform.call({}, String(loaded.source), path);
  return patched ? { ...loaded, source: patched.code } : loaded;
}
