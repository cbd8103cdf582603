import { notifications } from '@mantine/notifications';
import { TOAST_DEFAULT_TYPE, TOAST_TIMEOUT_MS } from '@mp/domain/constants';

export type ToastType = 'success' | 'error' | 'warning' | 'info';

const COLORS: Record<ToastType, string> = { success: 'green', error: 'red', warning: 'yellow', info: 'blue' };

/** SPEC §4: toasts default to the success type and close after 5000 ms; their position is set on the provider. */
export function notify(message: string, type: ToastType = TOAST_DEFAULT_TYPE): void {
  notifications.show({ message, color: COLORS[type], autoClose: TOAST_TIMEOUT_MS });
}

export { TOAST_TIMEOUT_MS };
