import { lazy, Suspense, useSyncExternalStore } from 'react';
import { subscribeToToasts, toastRequested } from './notify.ts';

const MantineToaster = lazy(() => import('./mantine-toaster.tsx'));

/** Renders nothing until the first toast; then loads and mounts Mantine's notifications. */
export function Toaster() {
  const requested = useSyncExternalStore(subscribeToToasts, toastRequested, toastRequested);
  if (!requested) return null;
  return (
    <Suspense fallback={null}>
      <MantineToaster />
    </Suspense>
  );
}
