import { createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { AnalyticsAdapter, PageEvent } from './analytics-port.ts';
import { trackPages } from './page-tracker.ts';

function recorder() {
  const events: PageEvent[] = [];
  const adapter: AnalyticsAdapter = {
    name: 'embedded',
    track: (event) => events.push(event),
    identify: () => undefined,
    reset: () => undefined,
    flushOnLeave: () => undefined,
    stop: () => undefined,
  };
  return { adapter, events };
}

const routes = [
  { id: 'edit-site', path: '/sites/:siteId', element: null },
  { id: 'catch-all', path: '*', element: null },
];

describe('page views (docs/decisions/0082)', () => {
  let stop: () => void = () => undefined;
  afterEach(() => stop());

  it('sends no e-mail address or card number that was typed or linked into an unknown path', async () => {
    const router = createMemoryRouter(routes, { initialEntries: ['/reset/jane.doe%40example.com'] });
    const { adapter, events } = recorder();
    stop = trackPages(router, adapter);
    await router.navigate('/pay/4111-1111-1111-1111/confirm');
    await router.navigate('/sites/3f1e0c1a-0000-4000-8000-000000000001');
    expect(
      events.filter((event) => event.type === 'page_view').map((event) => [event.path, event.routeId]),
    ).toEqual([
      ['/reset/-', 'catch-all'],
      ['/pay/-/confirm', 'catch-all'],
      ['/sites/3f1e0c1a-0000-4000-8000-000000000001', 'edit-site'],
    ]);
    router.dispose();
  });
});
