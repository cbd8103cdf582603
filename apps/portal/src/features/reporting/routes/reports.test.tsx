import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { aMerchant, aUser } from '../../../../test/fixtures.ts';
import { fakeApi, jsonResponse, renderRoutes } from '../../../../test/render.tsx';
import { CurrentMerchantContext } from '../../../lib/merchant/current-merchant.ts';
import { sessionStore } from '../../../lib/session/session-store.ts';
import ReportsScreen from './reports.tsx';
import ReportsDownloadScreen from './reports-download.tsx';

const REPORT = '55555555-5555-4555-8555-555555555555';
const SITE = '66666666-6666-4666-8666-666666666666';
const BASE = '/v1/merchants/m-1/reports';

const report = (overrides: Record<string, unknown> = {}) => ({
  id: REPORT,
  type: 'transactions',
  state: 'PROCESSING',
  progress: 40,
  siteIds: [SITE],
  from: '2026-03-01',
  to: '2026-03-31',
  pspReferences: null,
  payoutId: null,
  rowCount: null,
  fileSizeBytes: null,
  error: null,
  createdAt: '2026-04-02T12:00:00.000Z',
  completedAt: null,
  ...overrides,
});
const site = {
  siteId: SITE,
  name: 'High Street',
  displayName: null,
};

function renderScreen(path = '/reports') {
  return renderRoutes(
    [
      {
        path: '/reports',
        Component: () => (
          <CurrentMerchantContext.Provider value={aMerchant({ merchantId: 'm-1' })}>
            <ReportsScreen />
          </CurrentMerchantContext.Provider>
        ),
      },
      {
        path: '/reports/:reportId/download',
        Component: () => (
          <CurrentMerchantContext.Provider value={aMerchant({ merchantId: 'm-1' })}>
            <ReportsDownloadScreen />
          </CurrentMerchantContext.Provider>
        ),
      },
    ],
    path,
  );
}

let fetchMock: ReturnType<typeof vi.spyOn>;
const createObjectURL = vi.fn(() => 'blob:report');
beforeEach(() => {
  fetchMock = vi.spyOn(globalThis, 'fetch');
  Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
  createObjectURL.mockClear();
  sessionStore.set({
    user: aUser(),
    tokens: {
      idToken: 'id',
      accessToken: 'access',
      refreshToken: 'refresh',
      expiresAt: Date.now() + 3_600_000,
    },
  });
});
afterEach(() => {
  fetchMock.mockRestore();
  sessionStore.clear();
});

// Typing into date fields is slow on a loaded machine: room beyond the 5 s default.
describe('/reports', { timeout: 20_000 }, () => {
  it('shows a processing report with its progress and asks again until it is ready', async () => {
    let finished = false;
    fetchMock.mockImplementation(
      fakeApi({
        [`GET ${BASE}`]: () => {
          const data = finished ? report({ state: 'READY', progress: 100, rowCount: 2345 }) : report();
          return jsonResponse(200, { data: [data], lastKey: null });
        },
        'GET /merchants/m-1/sites': () => jsonResponse(200, { data: [site] }),
      }).handle,
    );
    renderScreen();
    await screen.findByText('Processing', {}, { timeout: 5000 });
    const table = screen.getByRole('table', { name: 'Reports' });
    expect(within(table).getByRole('progressbar', { name: '40% done' })).toBeInTheDocument();
    expect(within(table).getByText('High Street')).toBeInTheDocument();
    finished = true;
    // The list asks again every 2 s while a report is unfinished.
    expect(await screen.findByText('Ready', {}, { timeout: 10_000 })).toBeInTheDocument();
    const readyTable = screen.getByRole('table', { name: 'Reports' });
    expect(within(readyTable).getByText('2,345')).toBeInTheDocument();
    expect(
      within(readyTable).getByRole('button', { name: 'Download CSV: Transactions report' }),
    ).toBeInTheDocument();
  }, 20_000);

  it('refuses a transactions range over 6 months with SPEC’s message, and sends nothing', async () => {
    const user = userEvent.setup();
    const fake = fakeApi({
      [`GET ${BASE}`]: () => jsonResponse(200, { data: [], lastKey: null }),
      'GET /merchants/m-1/sites': () => jsonResponse(200, { data: [site] }),
    });
    fetchMock.mockImplementation(fake.handle);
    renderScreen();
    await user.type(await screen.findByLabelText('From'), '2026-01-01');
    await user.type(screen.getByLabelText('To'), '2026-07-02');
    await user.click(screen.getByRole('button', { name: 'Request report' }));
    expect(
      await screen.findByText(
        'Date range too large. Please select a range of 6 months or less.',
        {},
        { timeout: 5000 },
      ),
    ).toBeInTheDocument();
    expect(fake.bodiesOf(`POST ${BASE}`)).toEqual([]);
  });

  it('requests a report of the chosen site and days', async () => {
    const user = userEvent.setup();
    const fake = fakeApi({
      [`GET ${BASE}`]: () => jsonResponse(200, { data: [], lastKey: null }),
      [`POST ${BASE}`]: () => jsonResponse(202, { data: { reportId: REPORT } }),
      'GET /merchants/m-1/sites': () => jsonResponse(200, { data: [site] }),
    });
    fetchMock.mockImplementation(fake.handle);
    renderScreen();
    await user.click(await screen.findByRole('combobox', { name: 'Site' }));
    await user.click(await screen.findByText('High Street'));
    await user.type(screen.getByLabelText('From'), '2026-03-01');
    await user.type(screen.getByLabelText('To'), '2026-03-31');
    await user.click(screen.getByRole('button', { name: 'Request report' }));
    await vi.waitFor(() =>
      expect(fake.bodiesOf(`POST ${BASE}`)).toEqual([
        { dataType: 'transactions', siteId: SITE, from: '2026-03-01', to: '2026-03-31' },
      ]),
    );
  });

  it('downloads a ready report through its signed URL', async () => {
    const user = userEvent.setup();
    const fake = fakeApi({
      [`GET ${BASE}`]: () =>
        jsonResponse(200, { data: [report({ state: 'READY', progress: 100, rowCount: 3 })], lastKey: null }),
      'GET /merchants/m-1/sites': () => jsonResponse(200, { data: [site] }),
      [`GET ${BASE}/${REPORT}/download`]: () =>
        jsonResponse(200, {
          data: {
            url: '/api/files?key=k&signature=s',
            filename: 'transactions.csv',
            expiresAt: '2026-04-02T12:05:00Z',
          },
        }),
      'GET /files': () =>
        new Response('\uFEFFPSP reference\n', { status: 200, headers: { 'content-type': 'text/csv' } }),
    });
    fetchMock.mockImplementation(fake.handle);
    renderScreen();
    await user.click(await screen.findByRole('button', { name: 'Download CSV: Transactions report' }));
    await vi.waitFor(() => expect(createObjectURL).toHaveBeenCalledTimes(1));
    expect(fake.calls.map((call) => call.route)).toEqual(
      expect.arrayContaining([`GET ${BASE}/${REPORT}/download`, 'GET /files']),
    );
  });

  it('says a download failed even when another one was started meanwhile', async () => {
    const user = userEvent.setup();
    const PAYOUTS = '77777777-7777-4777-8777-777777777777';
    let failFirst: () => void = () => {};
    const firstAnswer = new Promise<Response>((resolve) => {
      failFirst = () => resolve(jsonResponse(500, { error: { code: 'INTERNAL_ERROR', message: 'boom' } }));
    });
    const fake = fakeApi({
      [`GET ${BASE}`]: () =>
        jsonResponse(200, {
          data: [
            report({ state: 'READY', progress: 100, rowCount: 3 }),
            report({ id: PAYOUTS, type: 'payouts', state: 'READY', progress: 100, rowCount: 1 }),
          ],
          lastKey: null,
        }),
      'GET /merchants/m-1/sites': () => jsonResponse(200, { data: [site] }),
      [`GET ${BASE}/${REPORT}/download`]: () => firstAnswer,
      [`GET ${BASE}/${PAYOUTS}/download`]: () =>
        jsonResponse(200, {
          data: {
            url: '/api/files?key=k&signature=s',
            filename: 'payouts.csv',
            expiresAt: '2026-04-02T12:05:00Z',
          },
        }),
      'GET /files': () => new Response('Payout\n', { status: 200, headers: { 'content-type': 'text/csv' } }),
    });
    fetchMock.mockImplementation(fake.handle);
    renderScreen();
    await user.click(
      await screen.findByRole('button', { name: 'Download CSV: Transactions report' }, { timeout: 5000 }),
    );
    await user.click(screen.getByRole('button', { name: 'Download CSV: Payouts report' }));
    await vi.waitFor(() => expect(createObjectURL).toHaveBeenCalledTimes(1));
    failFirst();
    expect(
      await screen.findByText('The report could not be downloaded. Please try again.', {}, { timeout: 5000 }),
    ).toBeInTheDocument();
  });
});

describe('/reports/{reportId}/download', { timeout: 20_000 }, () => {
  it('says "Report not found" for a report that is unknown or not the user’s', async () => {
    fetchMock.mockImplementation(
      fakeApi({
        [`GET ${BASE}/${REPORT}/download`]: () =>
          jsonResponse(404, { error: { code: 'NOT_FOUND', message: 'Report not found' } }),
      }).handle,
    );
    renderScreen(`/reports/${REPORT}/download`);
    expect(await screen.findByRole('alert', {}, { timeout: 5000 })).toHaveTextContent('Report not found');
  });

  it('says it is preparing the download, as one status (its spinner hidden beside the words)', async () => {
    fetchMock.mockImplementation(
      fakeApi({ [`GET ${BASE}/${REPORT}/download`]: () => new Promise<Response>(() => {}) }).handle,
    );
    renderScreen(`/reports/${REPORT}/download`);
    const status = await screen.findByRole('status', {}, { timeout: 5000 });
    expect(status).toHaveTextContent('Preparing your download…');
    expect(screen.getAllByRole('status')).toHaveLength(1);
  });

  it('starts the download at once for a ready report', async () => {
    fetchMock.mockImplementation(
      fakeApi({
        [`GET ${BASE}/${REPORT}/download`]: () =>
          jsonResponse(200, {
            data: {
              url: '/api/files?key=k',
              filename: 'transactions.csv',
              expiresAt: '2026-04-02T12:05:00Z',
            },
          }),
        'GET /files': () => new Response('x', { status: 200 }),
      }).handle,
    );
    renderScreen(`/reports/${REPORT}/download`);
    expect(
      await screen.findByText('Your download of transactions.csv has started.', {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(createObjectURL).toHaveBeenCalledTimes(1);
  });
});
