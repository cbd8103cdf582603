import { TOAST_DEFAULT_TYPE, TOAST_POSITION, TOAST_TIMEOUT_MS } from '@mp/domain/constants';

export type ToastType = 'success' | 'error' | 'warning' | 'info';

export interface Toast {
  message: string;
  color: string;
  autoClose: number;
}

const COLORS: Record<ToastType, string> = { success: 'green', error: 'red', warning: 'yellow', info: 'blue' };

type Show = (toast: Toast) => void;
let show: Show | null = null;
const pending: Toast[] = [];
const listeners = new Set<() => void>();

/**
 * SPEC §4: toasts default to the success type and close after 5000 ms; their position is set by the toaster.
 * Mantine's notifications (and their CSS) load with the first toast, not with every page (issue 2 §8): until
 * the toaster has loaded, toasts wait here in order.
 */
export function notify(message: string, type: ToastType = TOAST_DEFAULT_TYPE): void {
  const toast = { message, color: COLORS[type], autoClose: TOAST_TIMEOUT_MS };
  if (show) {
    show(toast);
    return;
  }
  pending.push(toast);
  for (const listener of listeners) listener();
}

/** Whether a toast has been asked for, i.e. whether the toaster must be loaded. */
export function toastRequested(): boolean {
  return show !== null || pending.length > 0;
}

export function subscribeToToasts(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Called by the loaded toaster: shows the waiting toasts, then every later one directly. */
export function attachToaster(next: Show): () => void {
  show = next;
  for (const toast of pending.splice(0)) next(toast);
  return () => {
    if (show === next) show = null;
  };
}

export { TOAST_POSITION, TOAST_TIMEOUT_MS };
