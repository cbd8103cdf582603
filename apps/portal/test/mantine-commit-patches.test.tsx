import { readFileSync } from 'node:fs';
import { createRequire, register } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { screen } from '@testing-library/react';
import { Profiler, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { patchMantine } from '../scripts/mantine-first-render-plugin.ts';

// The build's patches of Mantine's Portal, Popover and ScrollArea (docs/decisions/0123). Mantine is loaded here as
// the build loads it: through the plugin's replacements and patches (test/mantine-build-loader.mjs, registered before
// Mantine is first imported in this file's process). Each component's first commit must schedule no urgent
// re-render: `flushSync` renders the first commit and every urgent update it schedules before it returns, so the
// number of commits seen right after it tells. With Mantine's own files it is 2.
register(pathToFileURL(join(import.meta.dirname, 'mantine-build-loader.mjs')));
const { MantineProvider, Menu, Popover, Portal, ScrollArea, Select } = await import('@mantine/core');

const components = join(
  dirname(dirname(createRequire(join(import.meta.dirname, '../package.json')).resolve('@mantine/core'))),
  'esm',
  'components',
);
const FILES = [
  'Portal/Portal.mjs',
  'Popover/Popover.mjs',
  'ScrollArea/ScrollArea.mjs',
  'ScrollArea/ScrollAreaRoot/ScrollAreaRoot.mjs',
  'ScrollArea/ScrollAreaScrollbar/Scrollbar.mjs',
];

let root: Root | undefined;
let container: HTMLElement | undefined;
afterEach(() => {
  flushSync(() => root?.unmount());
  container?.remove();
  root = undefined;
});

/**
 * Renders outside act, as the browser does; `commits` is how many commits the Profiler saw so far, `rerender` renders
 * new props into the same tree.
 */
function renderCounting(node: ReactNode) {
  let commits = 0;
  container = document.body.appendChild(document.createElement('div'));
  root = createRoot(container);
  const tree = (children: ReactNode) => (
    <MantineProvider>
      <Profiler id="patched" onRender={() => commits++}>
        {children}
      </Profiler>
    </MantineProvider>
  );
  flushSync(() => root?.render(tree(node)));
  return {
    commits: () => commits,
    rerender: (next: ReactNode) => flushSync(() => root?.render(tree(next))),
  };
}

const nextTask = () => new Promise((resolve) => setTimeout(resolve, 20));

describe('patchMantine', () => {
  it('patches each file the installed @mantine/core has, and no other module', () => {
    for (const path of FILES) {
      const file = join(components, path);
      expect(patchMantine(readFileSync(file, 'utf8'), file), path).not.toBeNull();
    }
    expect(patchMantine('export {}', join(components, 'Button/Button.mjs'))).toBeNull();
    expect(patchMantine('export {}', '/repo/apps/portal/src/main.tsx')).toBeNull();
  });

  it('stops the build, naming the component, when an upgrade changed the code a patch replaces', () => {
    expect(() => patchMantine('export {}', join(components, 'Popover/Popover.mjs'))).toThrow(
      /@mantine\/core Popover .* no longer contains/,
    );
  });
});

describe('the patched components, rendered as in the browser (not inside act)', () => {
  const scope = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
  let before: boolean | undefined;
  beforeAll(() => {
    before = scope.IS_REACT_ACT_ENVIRONMENT;
    scope.IS_REACT_ACT_ENVIRONMENT = false;
  });
  afterAll(() => {
    scope.IS_REACT_ACT_ENVIRONMENT = before;
  });

  it('Portal: its children are in the shared node after one commit', () => {
    const { commits } = renderCounting(
      <Portal>
        <p>In the portal</p>
      </Portal>,
    );
    expect(commits()).toBe(1);
    const text = screen.getByText('In the portal');
    expect(text.closest('[data-mantine-shared-portal-node]')).not.toBeNull();
    expect(container?.contains(text)).toBe(false);
  });

  it('Popover: a closed popover commits once, stores its target after, and still opens', async () => {
    const popover = (opened: boolean) => (
      <Popover opened={opened} transitionProps={{ duration: 0 }}>
        <Popover.Target>
          <button type="button">Target</button>
        </Popover.Target>
        <Popover.Dropdown>
          <p>Dropdown</p>
        </Popover.Dropdown>
      </Popover>
    );
    const { commits, rerender } = renderCounting(popover(false));
    expect(commits()).toBe(1);
    await nextTask();
    // The target's node arrives in a later (transition) commit.
    expect(commits()).toBeGreaterThan(1);
    expect(screen.queryByText('Dropdown')).toBeNull();
    rerender(popover(true));
    await nextTask();
    expect(screen.getByText('Dropdown').closest('[data-mantine-shared-portal-node]')).not.toBeNull();
  });

  it("a filter bar's Select and a Menu commit once, and open when clicked", async () => {
    const { commits } = renderCounting(
      <>
        <Select
          label="Status"
          data={['Captured', 'Refunded']}
          comboboxProps={{ keepMounted: false, transitionProps: { duration: 0 } }}
        />
        <Menu transitionProps={{ duration: 0 }}>
          <Menu.Target>
            <button type="button">Account</button>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item>Sign out</Menu.Item>
          </Menu.Dropdown>
        </Menu>
      </>,
    );
    expect(commits()).toBe(1);
    await nextTask();
    // jsdom lays nothing out, so floating-ui's `hide` middleware hides each open dropdown (its target has no size):
    // they are found with `hidden: true`.
    flushSync(() => screen.getByLabelText('Status').click());
    await nextTask();
    expect(screen.getByRole('option', { name: 'Refunded', hidden: true })).toBeInTheDocument();
    flushSync(() => screen.getByRole('button', { name: 'Account' }).click());
    await nextTask();
    expect(screen.getByRole('menuitem', { name: 'Sign out', hidden: true })).toBeInTheDocument();
  });

  it('ScrollArea: commits once, then stores its elements in a later commit', async () => {
    const { commits } = renderCounting(
      <ScrollArea h={100} type="always">
        <p>Scrolled</p>
      </ScrollArea>,
    );
    expect(commits()).toBe(1);
    expect(screen.getByText('Scrolled')).toBeInTheDocument();
    await nextTask();
    expect(commits()).toBeGreaterThan(1);
  });
});
