import { notifications } from '@mantine/notifications';
import { afterEach } from 'vitest';

// For the files that share a worker process (vite.config.ts, project "portal"), after test/setup.ts: Mantine's
// toast store outlives a test and a file, so what one test showed must not fill the next one's queue. Not in
// test/setup.ts: the file that loads Mantine as the build patches it must be the first to import it.
afterEach(() => {
  notifications.clean();
});
