import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError } from '../src/config.ts';
import { createTestApp, type TestApp, testConfig } from './helpers/app.ts';

// Issue 14 §1: where the /app/* pages hand the user over to the companion app, read before anyone signs in.
describe('companion app hand-off settings', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      env: {
        COMPANION_LINK_TAP_TO_PAY: 'https://companion.example.com/open/tap-to-pay',
        COMPANION_PLAY_STORE_URL: 'https://play.google.com/store/apps/details?id=com.example.companion',
        COMPANION_FALLBACK_MS: '2500',
      },
    });
  });
  afterAll(() => t.close());

  it('answers anybody with a link per page, the stores and the wait, configured values first', async () => {
    const res = await t.app.inject({ url: '/api/v1/companion/config' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      data: {
        links: {
          'tap-to-pay': 'https://companion.example.com/open/tap-to-pay',
          'eod-reports': 'mpcompanion://eod-reports',
          capital: 'mpcompanion://capital',
        },
        appStoreUrl: null,
        playStoreUrl: 'https://play.google.com/store/apps/details?id=com.example.companion',
        fallbackMs: 2500,
      },
    });
  });

  it('refuses script and data URLs and a wait outside 500–10000 ms, naming the variable', () => {
    const problems = (env: Record<string, string>) => {
      try {
        testConfig(env);
        return [];
      } catch (error) {
        if (error instanceof ConfigError) return error.problems.map((p) => p.variable);
        throw error;
      }
    };
    expect(problems({ COMPANION_LINK_CAPITAL: 'javascript:alert(1)' })).toEqual(['COMPANION_LINK_CAPITAL']);
    expect(problems({ COMPANION_LINK_EOD_REPORTS: 'not a url' })).toEqual(['COMPANION_LINK_EOD_REPORTS']);
    expect(problems({ COMPANION_FALLBACK_MS: '50' })).toEqual(['COMPANION_FALLBACK_MS']);
    expect(problems({ COMPANION_APP_STORE_URL: 'https://apps.apple.com/app/id123' })).toEqual([]);
  });
});
