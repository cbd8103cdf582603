import { existsSync } from 'node:fs';

/** A Chromium for Playwright: CHROME_PATH, else Debian's package. Nothing here downloads a browser. */
export function findChromium(): string | undefined {
  const candidates = [process.env.CHROME_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'];
  return candidates.find((path): path is string => Boolean(path && existsSync(path)));
}
