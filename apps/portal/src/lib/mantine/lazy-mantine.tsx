import { type ComponentType, lazy } from 'react';

const loadMantineRoot = () => import('./mantine-root.tsx').then((module) => module.default);

/** MantineRoot, loaded when first rendered (for a Mantine subtree inside a Mantine-free page or layout). */
export const LazyMantineRoot = lazy(() =>
  loadMantineRoot().then((MantineRoot) => ({ default: MantineRoot })),
);

/** A lazily loaded Mantine component wrapped in MantineRoot; both chunks load in parallel. */
export function lazyWithMantine<Props extends object>(load: () => Promise<ComponentType<Props>>) {
  return lazy(async () => {
    const [MantineRoot, Component] = await Promise.all([loadMantineRoot(), load()]);
    return {
      default: (props: Props) => (
        <MantineRoot>
          <Component {...props} />
        </MantineRoot>
      ),
    };
  });
}
