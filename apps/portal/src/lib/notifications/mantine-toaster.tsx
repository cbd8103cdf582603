import '@mantine/core/styles/Notification.css';
import '@mantine/notifications/styles.css';
import { Notifications, notifications } from '@mantine/notifications';
import { useEffect } from 'react';
import { attachToaster, TOAST_TIMEOUT_MS } from './notify.ts';

/** SPEC §4: toasts at the bottom, 5000 ms. Loaded by Toaster with the first toast. */
export default function MantineToaster() {
  useEffect(() => attachToaster((toast) => void notifications.show({ ...toast })), []);
  return <Notifications position="bottom-center" autoClose={TOAST_TIMEOUT_MS} />;
}
