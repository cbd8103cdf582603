import { waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { aUser } from '../../../test/fixtures.ts';
import { fakeApi, jsonResponse, renderRoutes } from '../../../test/render.tsx';
import { sessionStore } from '../../lib/session/session-store.ts';
import { AuditLog } from './audit-log.tsx';

let fetchMock: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  fetchMock = vi.spyOn(globalThis, 'fetch');
  sessionStore.set({
    user: aUser(),
    tokens: { idToken: 'id', accessToken: 'access', refreshToken: 'r', expiresAt: Date.now() + 3_600_000 },
  });
});
afterEach(() => {
  fetchMock.mockRestore();
  sessionStore.clear();
});

/** The instants the log asks the API for when its date filters are `from`…`to`, shown in `timeZone`. */
async function askedRange(timeZone: string, from: string, to: string) {
  const path = '/v1/merchants/m-1/audit-log';
  const urls: URL[] = [];
  const api = fakeApi({ [`GET ${path}`]: () => jsonResponse(200, { data: [], lastKey: null }) });
  fetchMock.mockImplementation(async (input: RequestInfo | URL) => {
    urls.push(new URL((input as Request).url));
    return api.handle(input);
  });
  renderRoutes(
    [{ path: '/audit', element: <AuditLog path={path} timeZone={timeZone} locale="en-GB" /> }],
    `/audit?auditFrom=${from}&auditTo=${to}`,
  );
  await waitFor(() => expect(urls.length).toBeGreaterThan(0));
  const [url] = urls;
  return { from: url?.searchParams.get('from'), to: url?.searchParams.get('to') };
}

// The log shows "When" in the merchant's zone, so its From/To days are the merchant's calendar days: 1 April in
// Madrid (CEST, UTC+2) runs from 22:00 UTC on 31 March to 22:00 UTC on 1 April; 25 October has 25 hours.
describe('audit log date filters', () => {
  it("asks for the merchant's days, not UTC's: 1 April in Madrid", async () => {
    expect(await askedRange('Europe/Madrid', '2026-04-01', '2026-04-01')).toEqual({
      from: '2026-03-31T22:00:00.000Z',
      to: '2026-04-01T21:59:59.999Z',
    });
  });

  it('a day the clocks go back (25 October 2026 in London) is 25 hours long', async () => {
    expect(await askedRange('Europe/London', '2026-10-25', '2026-10-25')).toEqual({
      from: '2026-10-24T23:00:00.000Z',
      to: '2026-10-25T23:59:59.999Z',
    });
  });
});
