import '@mantine/notifications/styles.css';
import { Notifications, notifications } from '@mantine/notifications';
import { useEffect } from 'react';
import MantineRoot from '../mantine/mantine-root.tsx';
import { attachToaster, TOAST_POSITION, TOAST_TIMEOUT_MS } from './notify.ts';

/**
 * SPEC §4: toasts at the bottom, 5000 ms. Loaded by Toaster with the first toast, with its own Mantine provider:
 * a toast may come from a Mantine-free page (/signin after sign-out, issue 2 §8).
 */
export default function MantineToaster() {
  useEffect(() => attachToaster((toast) => void notifications.show({ ...toast })), []);
  return (
    <MantineRoot>
      <Notifications position={`${TOAST_POSITION}-center`} autoClose={TOAST_TIMEOUT_MS} />
    </MantineRoot>
  );
}
