import { resolve } from 'node:path';
import type { Plugin } from 'vite';

// Fewer, larger chunks for the screens everyone opens (issue 16 §2). Left to itself the bundler gives every set of
// routes that shares a module its own chunk: home loaded 96 JS files, most under 2 KB, and under HTTP/1.1 (six
// connections) each round of them costs a round trip. Groups, highest priority first:
//  - `texts-<language>`: a language's texts every page loads (the portal's own, the domain's validation messages and
//    the cookie dialog's): one request before any first paint instead of three. Above the entry's own group.
//  - `public`: what the public layout and the sign-in screen import statically (less the entry), as one chunk;
//    /signin loads the same modules as before in fewer files (`npm run size` checks the budget).
//  - `shell`: what the signed-in layout, the signed-in guard context and the screens' first requests (prefetch.ts)
//    add to that, the three themselves included (three requests fewer before a signed-in screen's first paint).
//    Their closure goes through `@mantine/core`'s index, so this chunk also holds every Mantine component any
//    screen uses: one file, cached once, for every signed-in screen.
//  - `forms`: zod and react-hook-form, shared by the screens with forms.
//  - `screens`: what two or more screens share and does not lead to form code (data table, page frame, API
//    clients, formatting); modules above `maxShared` bytes keep their own chunk.
// Each screen's own code stays in the screen's chunk, which the router imports by name; Vite's preload helper
// fetches a chunk's imports together with it (modulepreload), so there is no waterfall between them. The sets come
// from the complete module graph (buildEnd), before chunks are made.

interface RouteChunkOptions {
  /** Project-relative modules whose static closure forms the `public` chunk. */
  publicModules: string[];
  /** Project-relative modules whose static closure (less `public`) forms the `shell` chunk. */
  shellModules: string[];
  /** Modules only forms need (validation, phone numbers, VAT numbers): never in `screens`. */
  forms: RegExp;
  /** Of those, the libraries every form loads (zod, react-hook-form): one shared `forms` chunk. */
  formLibraries: RegExp;
  /** The texts of one language every page loads, the language in the first capture group that matched. */
  texts: RegExp;
  /** Shared modules larger than this many bytes keep their own chunk. */
  maxShared: number;
}

interface ModuleGraph {
  getModuleInfo(id: string): { importedIds: readonly string[] } | null;
  getModuleIds(): IterableIterator<string>;
}

/** Every module that imports (directly or not) a module `test` matches, and those modules themselves. */
function importersOf(graph: ModuleGraph, test: RegExp): Set<string> {
  const importers = new Map<string, string[]>();
  const pending: string[] = [];
  for (const id of graph.getModuleIds()) {
    if (test.test(id)) pending.push(id);
    for (const imported of graph.getModuleInfo(id)?.importedIds ?? []) {
      const list = importers.get(imported);
      if (list) list.push(id);
      else importers.set(imported, [id]);
    }
  }
  const found = new Set<string>();
  while (pending.length > 0) {
    const id = pending.pop() as string;
    if (found.has(id)) continue;
    found.add(id);
    pending.push(...(importers.get(id) ?? []));
  }
  return found;
}

function staticClosure(graph: ModuleGraph, roots: string[], into: Set<string>, except: Set<string>): void {
  const pending = [...roots];
  while (pending.length > 0) {
    const id = pending.pop() as string;
    if (into.has(id) || except.has(id)) continue;
    const info = graph.getModuleInfo(id);
    if (!info) continue;
    into.add(id);
    pending.push(...info.importedIds);
  }
}

export function routeChunks(options: RouteChunkOptions) {
  const publicSet = new Set<string>();
  const shellSet = new Set<string>();
  let formDependent = new Set<string>();
  let root = process.cwd();

  const plugin: Plugin = {
    name: 'mp-route-chunks',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    buildEnd() {
      publicSet.clear();
      shellSet.clear();
      const at = (modules: string[]) => modules.map((module) => resolve(root, module));
      staticClosure(this, at(options.publicModules), publicSet, new Set());
      staticClosure(this, at(options.shellModules), shellSet, publicSet);
      // The public roots keep their own chunks (the router imports them by name; the manifest keeps their keys).
      for (const id of at(options.publicModules)) publicSet.delete(id);
      formDependent = importersOf(this, options.forms);
      for (const [name, roots] of [
        ['public', options.publicModules],
        ['shell', options.shellModules],
      ] as const) {
        const missing = at(roots).filter((id) => !this.getModuleInfo(id));
        if (missing.length > 0)
          this.error(`route-chunks: ${name} module not in the graph: ${missing.join(', ')}`);
      }
    },
  };

  // Around the entry's own `initial` group (4; higher priority wins a module).
  const groups = [
    {
      name: (id: string) => {
        const language = options.texts.exec(id)?.slice(1).find(Boolean);
        return language ? `texts-${language.toLowerCase()}` : null;
      },
      priority: 5,
    },
    { name: 'public', priority: 3, test: (id: string) => publicSet.has(id) },
    { name: 'shell', priority: 2, test: (id: string) => shellSet.has(id) },
    { name: 'forms', priority: 1, minShareCount: 2, test: options.formLibraries },
    {
      name: 'screens',
      priority: 0,
      minShareCount: 2,
      maxModuleSize: options.maxShared,
      test: (id: string) => !formDependent.has(id),
    },
  ];
  return { plugin, groups };
}
