import { getHotkeyHandler } from '@mantine/hooks';
import { useLayoutEffect, useSyncExternalStore } from 'react';
import type { GuardBase } from '../guards/guard.ts';

// The command palette (Mantine Spotlight, its sources and what they import) is not part of the signed-in layout's
// boot: its chunk loads on first use — Ctrl/Cmd + K or the header's button — or when the button is hovered or
// focused (docs/decisions/0109). Its styles stay with the shell (app-shell-styles.ts), after @mantine/core's.

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

/** Fields where Ctrl/Cmd + K is the user's typing (the fields Mantine's useHotkeys and Spotlight leave alone). */
function typingInField(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement &&
    (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName))
  );
}

const onPaletteHotkey = getHotkeyHandler([
  [
    'mod + K',
    (event) => {
      if (typingInField(event.target)) return;
      event.preventDefault();
      openPalette();
    },
    { preventDefault: false },
  ],
]);

/**
 * Renders the palette once its chunk has loaded, and answers Ctrl/Cmd + K before and after (Spotlight's own
 * shortcut is off: command-palette.tsx), leaving it to the fields as Spotlight would. The key is listened to from
 * the commit that mounts the loader (a layout effect), not from after the paint as Mantine's useHotkeys does: a
 * Ctrl + K pressed as soon as a signed-in screen shows is not lost, whether or not the palette has loaded.
 */
export function PaletteLoader({ guardBase }: { guardBase: GuardBase }) {
  const Loaded = useSyncExternalStore(subscribe, current, current)?.CommandPalette;
  useLayoutEffect(() => {
    document.documentElement.addEventListener('keydown', onPaletteHotkey);
    return () => document.documentElement.removeEventListener('keydown', onPaletteHotkey);
  }, []);
  return Loaded ? <Loaded guardBase={guardBase} /> : null;
}
