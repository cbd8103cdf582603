import { useHotkeys } from '@mantine/hooks';
import { useSyncExternalStore } from 'react';
import type { GuardBase } from '../guards/guard.ts';

// The command palette (Mantine Spotlight, its sources and what they import) is not part of the signed-in layout's
// boot: its chunk loads on first use — Ctrl/Cmd + K or the header's button — or when the button is hovered or
// focused (docs/decisions/0109). Its styles stay with the shell (app-shell-styles.ts), in the same order as before.

type PaletteModule = typeof import('./command-palette.tsx');

let palette: PaletteModule | null = null;
let loading: Promise<PaletteModule> | null = null;
const listeners = new Set<() => void>();

function load(): Promise<PaletteModule> {
  loading ??= import('./command-palette.tsx').then(
    (module) => {
      palette = module;
      for (const listener of listeners) listener();
      return module;
    },
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

/** Fetches the palette's chunk ahead of use (the header's button: hovered or focused). */
export function preloadPalette(): void {
  void load().catch(() => undefined);
}

/** Opens the palette, loading it first when this is its first use. */
export function openPalette(): void {
  void load()
    .then((module) => module.openCommandPalette())
    .catch(() => undefined);
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const current = () => palette;

/**
 * Renders the palette once its chunk has loaded; until then answers Ctrl/Cmd + K itself (the same hotkey and
 * ignored fields as Spotlight's own, which takes over once the palette is mounted).
 */
export function PaletteLoader({ guardBase }: { guardBase: GuardBase }) {
  const Loaded = useSyncExternalStore(subscribe, current, current)?.CommandPalette;
  useHotkeys([
    [
      'mod + K',
      (event) => {
        if (palette) return;
        event.preventDefault();
        openPalette();
      },
      { preventDefault: false },
    ],
  ]);
  return Loaded ? <Loaded guardBase={guardBase} /> : null;
}
