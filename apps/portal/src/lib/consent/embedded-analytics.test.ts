import { afterEach, describe, expect, it, vi } from 'vitest';
import { createEmbeddedAnalytics } from './embedded-analytics.ts';

const CONSENT_ID = '9d3e6a14-7c2b-4f0e-8b5a-1e2d3c4b5a61';
const view = {
  type: 'page_view' as const,
  path: '/signin',
  routeId: 'sign-in',
  occurredAt: new Date().toISOString(),
};

/** What leaves by navigator.sendBeacon when the page goes away, as the API receives it. */
function beacons() {
  const sent: unknown[] = [];
  vi.stubGlobal('navigator', {
    ...navigator,
    sendBeacon: (_url: string, body: Blob) => {
      sent.push(
        new Promise((resolve) => {
          const reader = new FileReader();
          reader.onload = () => resolve(JSON.parse(String(reader.result)));
          reader.readAsText(body);
        }),
      );
      return true;
    },
  });
  return async () => Promise.all(sent);
}

describe('embedded analytics batches (docs/decisions/0082)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("sends each batch with the consent cookie's id, which the API checks against the recorded choice", async () => {
    const sent = beacons();
    const analytics = createEmbeddedAnalytics(() => CONSENT_ID);
    analytics.track(view);
    analytics.flushOnLeave();
    const [batch] = await sent();
    expect(batch).toMatchObject({ consentId: CONSENT_ID, events: [view] });
    analytics.stop();
  });

  it('sends nothing when there is no consent cookie to send under', async () => {
    const sent = beacons();
    const analytics = createEmbeddedAnalytics(() => null);
    analytics.track(view);
    analytics.flushOnLeave();
    expect(await sent()).toEqual([]);
    analytics.stop();
  });
});
