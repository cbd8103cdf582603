import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { platformOf, startHandOff, storeUrlFor } from './hand-off.ts';

const PIXEL =
  'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148';
const LAPTOP =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';

const config = {
  links: { 'tap-to-pay': 'mpcompanion://tap-to-pay', 'eod-reports': 'x://e', capital: 'x://c' },
  appStoreUrl: 'https://apps.apple.com/app/id1',
  playStoreUrl: 'https://play.google.com/store/apps/details?id=x',
  fallbackMs: 1500,
};

describe('the hand-off to the companion app', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("picks the phone's own store, and none for a computer", () => {
    expect(storeUrlFor(platformOf(PIXEL), config)).toBe(config.playStoreUrl);
    expect(storeUrlFor(platformOf(IPHONE), config)).toBe(config.appStoreUrl);
    expect(platformOf(LAPTOP)).toBe('other');
    expect(storeUrlFor('other', config)).toBeNull();
  });

  it('opens the app link at once and the store after the wait when the page is still in front', () => {
    const go = vi.fn();
    startHandOff(
      { appLink: 'mpcompanion://tap-to-pay', storeUrl: 'https://store/x', fallbackMs: 1500 },
      {
        go,
        isHidden: () => false,
      },
    );
    expect(go.mock.calls).toEqual([['mpcompanion://tap-to-pay']]);
    vi.advanceTimersByTime(1499);
    expect(go).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    expect(go.mock.calls).toEqual([['mpcompanion://tap-to-pay'], ['https://store/x']]);
  });

  it('stays put when the app opened over the page (the page went to the background)', () => {
    const go = vi.fn();
    startHandOff(
      { appLink: 'a://b', storeUrl: 'https://store/x', fallbackMs: 1500 },
      { go, isHidden: () => true },
    );
    vi.advanceTimersByTime(10_000);
    expect(go.mock.calls).toEqual([['a://b']]);
  });

  it('never falls back once cancelled (the user left the page) or when no store is configured', () => {
    const go = vi.fn();
    const cancel = startHandOff(
      { appLink: 'a://b', storeUrl: 'https://store/x', fallbackMs: 1500 },
      {
        go,
        isHidden: () => false,
      },
    );
    cancel();
    startHandOff({ appLink: 'a://c', storeUrl: null, fallbackMs: 1500 }, { go, isHidden: () => false });
    vi.advanceTimersByTime(10_000);
    expect(go.mock.calls).toEqual([['a://b'], ['a://c']]);
  });
});
