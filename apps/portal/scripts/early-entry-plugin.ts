import { resolve } from 'node:path';
import type { Plugin } from 'vite';

/**
 * A second entry for index.html that runs before the app's (docs/decisions/0104): a `<script type="module">` put
 * before main.tsx's. Not a script tag in index.html: Vite bundles every module script of a page into that page's one
 * entry chunk, and this one must not wait for the app's 400 KB. Module scripts run in document order once the page
 * has parsed; this small one has downloaded long before the app's entry.
 */
export function earlyEntry(source: string) {
  const absolute = resolve(import.meta.dirname, '..', source);
  // The entry's static closure, from the module graph (buildEnd): kept out of the app entry's `initial` group, so
  // the early chunk holds its own modules and nothing of the app's.
  const modules = new Set<string>();
  const plugin: Plugin = {
    name: 'mp-early-entry',
    buildEnd() {
      modules.clear();
      const pending = [absolute];
      while (pending.length > 0) {
        const id = pending.pop() as string;
        if (modules.has(id)) continue;
        const info = this.getModuleInfo(id);
        if (!info) continue;
        modules.add(id);
        pending.push(...info.importedIds);
      }
    },
    config(config, { command }) {
      if (command !== 'build') return;
      return {
        build: {
          rolldownOptions: {
            input: {
              index: resolve(config.root ?? resolve(import.meta.dirname, '..'), 'index.html'),
              early: absolute,
            },
          },
        },
      };
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        const script = (src: string) =>
          ({
            tag: 'script',
            attrs: { type: 'module', crossorigin: true, src },
            injectTo: 'head-prepend',
          }) as const;
        if (!context.bundle) return [script(`/${source}`)];
        const chunk = Object.values(context.bundle).find(
          (output) => output.type === 'chunk' && output.isEntry && output.facadeModuleId === absolute,
        );
        if (chunk?.type !== 'chunk') throw new Error(`${source} is not an entry of the build`);
        // Its modules shared with the app's dynamic chunks (the banner, for the consent library) are a chunk of
        // their own: requested with the entry, not after it has run.
        const preloads = chunk.imports.map(
          (file) =>
            ({
              tag: 'link',
              attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` },
              injectTo: 'head-prepend',
            }) as const,
        );
        return [script(`/${chunk.fileName}`), ...preloads];
      },
    },
  };
  /** A code-splitting group that leaves the early entry's modules alone. */
  const exclude = <
    Group extends {
      name: string | ((id: string) => string | null);
      test?: RegExp | ((id: string) => boolean);
    },
  >(
    group: Group,
  ) => {
    const { test } = group;
    return {
      ...group,
      test: (id: string) =>
        !modules.has(id) && (test === undefined || (typeof test === 'function' ? test(id) : test.test(id))),
    };
  };
  // Its modules that the app's chunks import too (the banner, its texts, for the consent library) in one chunk the
  // early entry imports (preloaded with it above), not in as many chunks as they have sets of importers: left to
  // itself the bundler made the texts a third file, requested only once the banner's chunk had run.
  const group = {
    name: 'early-shared',
    priority: 10,
    test: (id: string) => modules.has(id) && id !== absolute,
  };
  return { plugin, exclude, group };
}
