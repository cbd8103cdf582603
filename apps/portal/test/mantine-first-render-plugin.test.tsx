import { existsSync } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { render, screen } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mantineFirstRenderValues } from '../scripts/mantine-first-render-plugin.ts';

// The modules the build puts in place of @mantine/hooks' useId and useMediaQuery, loaded as the build loads them
// (the plugin's load hook) and rendered: each component renders once, with its final value in that first render.
// (Under node_modules so that their `react` import is the tests' React.)
const dir = join(import.meta.dirname, '../node_modules/.cache/mantine-first-render-test');
const hooksModule = (path: string) => `/repo/node_modules/@mantine/hooks/esm/${path}`;
const load = mantineFirstRenderValues().load as (id: string) => string | null;

let useId: (staticId?: string) => string;
let useMediaQuery: (
  query: string,
  initialValue?: boolean,
  options?: { getInitialValueInEffect: boolean },
) => boolean;

beforeAll(async () => {
  await mkdir(dir, { recursive: true });
  for (const [name, path] of [
    ['use-id.mjs', 'use-id/use-id.mjs'],
    ['use-media-query.mjs', 'use-media-query/use-media-query.mjs'],
  ] as const) {
    const source = load(hooksModule(path));
    if (!source) throw new Error(`the plugin does not replace ${path}`);
    await writeFile(join(dir, name), source);
  }
  ({ useId } = await import(/* @vite-ignore */ join(dir, 'use-id.mjs')));
  ({ useMediaQuery } = await import(/* @vite-ignore */ join(dir, 'use-media-query.mjs')));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('mantineFirstRenderValues', () => {
  it('replaces the files the installed @mantine/hooks has, and leaves every other module to the bundler', () => {
    // The package's root, from its CommonJS entry (cjs/index.cjs).
    const installed = dirname(dirname(createRequire(import.meta.url).resolve('@mantine/hooks')));
    for (const path of ['use-id/use-id.mjs', 'use-media-query/use-media-query.mjs']) {
      const file = join(installed, 'esm', path);
      expect(existsSync(file), file).toBe(true);
      expect(load(file)).not.toBeNull();
    }
    expect(load(hooksModule('use-disclosure/use-disclosure.mjs'))).toBeNull();
    expect(load('/repo/apps/portal/src/main.tsx')).toBeNull();
  });

  it('gives useId one id from the first render, unique per component, or the id it is given', () => {
    const renders: string[] = [];
    function Labelled({ name, fixed }: { name: string; fixed?: string }) {
      const id = useId(fixed);
      renders.push(id);
      return <span data-testid={name} id={id} />;
    }
    render(
      <>
        <Labelled name="a" />
        <Labelled name="b" />
        <Labelled name="c" fixed="my-id" />
      </>,
    );
    expect(renders).toHaveLength(3);
    const [a, b] = [screen.getByTestId('a').id, screen.getByTestId('b').id];
    expect(a).toMatch(/^mantine-/);
    expect(b).toMatch(/^mantine-/);
    expect(a).not.toBe(b);
    expect(screen.getByTestId('c').id).toBe('my-id');
  });

  it("reads useMediaQuery's value in the first render and renders once when the effect finds the same", () => {
    const original = window.matchMedia;
    window.matchMedia = ((query: string) => ({
      ...original(query),
      matches: query === '(min-width: 48em)',
    })) as typeof window.matchMedia;
    try {
      const seen: boolean[] = [];
      function Wide() {
        // mantine-datatable's call: an initial value that is wrong on a phone.
        const wide = useMediaQuery('(min-width: 48em)', false);
        seen.push(wide);
        return <span data-testid="wide">{String(wide)}</span>;
      }
      render(<Wide />);
      expect(seen).toEqual([true]);
      expect(screen.getByTestId('wide')).toHaveTextContent('true');
    } finally {
      window.matchMedia = original;
    }
  });

  it('keeps the initial value when asked to read the media query in an effect', () => {
    const seen: boolean[] = [];
    function Deferred() {
      seen.push(useMediaQuery('', false, { getInitialValueInEffect: true }));
      return null;
    }
    render(<Deferred />);
    // The first render has the given value; the effect then reads the (empty, always matching) query.
    expect(seen).toEqual([false, true]);
  });
});
