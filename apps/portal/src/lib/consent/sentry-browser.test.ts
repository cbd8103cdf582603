import * as Sentry from '@sentry/react';
import { afterAll, describe, expect, it } from 'vitest';
import { sentryBrowserOptions, startSentry } from './sentry-browser.ts';

/** Sentry's envelopes as the SDK hands them to its transport: [headers, [[item header, payload], …]]. */
type Envelope = [Record<string, unknown>, [{ type: string }, unknown][]];
const sent: Envelope[] = [];
const fakeTransport = () => ({
  send: async (envelope: unknown) => {
    sent.push(envelope as Envelope);
    return { statusCode: 200 };
  },
  flush: async () => true,
});
const events = () =>
  sent.flatMap(([, items]) =>
    items.filter(([header]) => header.type === 'event').map(([, event]) => event as Sentry.ErrorEvent),
  );

const CONFIG = {
  dsn: 'https://public@o1.ingest.sentry.example/3',
  environment: 'test',
  tracesSampleRate: 1,
  replaysSessionSampleRate: 0.1,
  replaysOnErrorSampleRate: 1,
};

describe('portal error reporting (issue 14 §5)', () => {
  const reporting = startSentry(CONFIG, fakeTransport);
  afterAll(() => reporting.stop());

  it("takes SPEC §9's sample rates, SPEC §8's ignore list, masked replays and no automatic personal data", () => {
    const options = sentryBrowserOptions(CONFIG);
    expect(options).toMatchObject({
      tracesSampleRate: 1,
      replaysSessionSampleRate: 0.1,
      replaysOnErrorSampleRate: 1,
      dataCollection: {
        userInfo: false,
        cookies: false,
        httpHeaders: false,
        httpBodies: [],
        urlQueryParams: false,
      },
    });
    expect((options.integrations as { name: string }[]).map((integration) => integration.name)).toEqual([
      'BrowserTracing',
      'Replay',
    ]);
  });

  it('sends an error with the user id alone and drops the ignored ones', async () => {
    reporting.setUser('5d4c3b2a-0000-4000-8000-000000000001');
    Sentry.captureException(new Error('Token refresh not supported when authenticated'));
    Sentry.captureException(new Error('Request failed with status code 401'));
    Sentry.captureMessage('Large Render Blocking Asset');
    Sentry.captureException(new Error('the payouts table fell over'));
    await Sentry.flush(2000);
    const sentEvents = events();
    expect(sentEvents.map((event) => event.exception?.values?.[0]?.value ?? event.message)).toEqual([
      'the payouts table fell over',
    ]);
    expect(sentEvents[0]?.user).toEqual({ id: '5d4c3b2a-0000-4000-8000-000000000001' });
    expect(sentEvents[0]?.environment).toBe('test');
  });

  it('forgets the user on sign-out', async () => {
    sent.length = 0;
    reporting.setUser(null);
    Sentry.captureException(new Error('after sign-out'));
    await Sentry.flush(2000);
    expect(events()[0]?.user).toBeUndefined();
  });
});
