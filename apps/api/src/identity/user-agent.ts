/**
 * Issue 15: the sessions list names each session's browser and device from its User-Agent header. A small
 * parser for the browsers and systems people sign in with (no dependency, no guessing beyond the header): the
 * first match wins, so the more specific tokens (Edge, Opera, Samsung Internet) come before Chrome and Safari.
 */
export type DeviceType = 'desktop' | 'mobile' | 'tablet' | 'unknown';

export interface ParsedUserAgent {
  /** e.g. "Chrome 131", "Firefox 133", "Safari 18"; null when not recognised. */
  browser: string | null;
  /** e.g. "Windows", "macOS", "iOS 18", "Android 15", "Linux"; null when not recognised. */
  os: string | null;
  device: DeviceType;
}

const BROWSERS: [name: string, pattern: RegExp][] = [
  ['Edge', /Edg(?:e|A|iOS)?\/(\d+)/],
  ['Opera', /(?:OPR|Opera)\/(\d+)/],
  ['Samsung Internet', /SamsungBrowser\/(\d+)/],
  ['Firefox', /(?:Firefox|FxiOS)\/(\d+)/],
  ['Chrome', /(?:Chrome|CriOS)\/(\d+)/],
  ['Safari', /Version\/(\d+)(?:\.\d+)*(?: Mobile\/\S+)? Safari\//],
];

function osOf(ua: string): string | null {
  const ios = /(?:iPhone|iPad|iPod).*? OS (\d+)/.exec(ua);
  if (ios) return `iOS ${ios[1]}`;
  const android = /Android (\d+)/.exec(ua);
  if (android) return `Android ${android[1]}`;
  if (/Android/.test(ua)) return 'Android';
  if (/Windows NT/.test(ua)) return 'Windows';
  if (/CrOS/.test(ua)) return 'ChromeOS';
  if (/Mac OS X|Macintosh/.test(ua)) return 'macOS';
  if (/Linux/.test(ua)) return 'Linux';
  return null;
}

function deviceOf(ua: string): DeviceType {
  if (/iPad|Tablet/.test(ua) || (/Android/.test(ua) && !/Mobile/.test(ua))) return 'tablet';
  if (/Mobi|iPhone|iPod/.test(ua)) return 'mobile';
  if (/Windows NT|Macintosh|CrOS|X11|Linux/.test(ua)) return 'desktop';
  return 'unknown';
}

export function parseUserAgent(userAgent: string | null | undefined): ParsedUserAgent {
  const ua = (userAgent ?? '').slice(0, 512);
  if (!ua) return { browser: null, os: null, device: 'unknown' };
  let browser: string | null = null;
  for (const [name, pattern] of BROWSERS) {
    const match = pattern.exec(ua);
    if (match) {
      browser = `${name} ${match[1]}`;
      break;
    }
  }
  return { browser, os: osOf(ua), device: deviceOf(ua) };
}
