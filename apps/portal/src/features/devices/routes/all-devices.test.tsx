import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { aMerchant, aUser } from '../../../../test/fixtures.ts';
import { fakeApi, jsonResponse, renderRoutes } from '../../../../test/render.tsx';
import type { Merchant } from '../../../lib/api/types.ts';
import { CurrentMerchantContext } from '../../../lib/merchant/current-merchant.ts';
import { sessionStore } from '../../../lib/session/session-store.ts';
import AllDevicesScreen from './all-devices.tsx';

const SITE = '11111111-1111-4111-8111-111111111111';
const DEVICE = '22222222-2222-4222-8222-222222222222';
const DEVICE_PATH = `/v1/merchants/m-1/sites/${SITE}/devices/${DEVICE}`;

const device = (label: string) => ({
  deviceId: DEVICE,
  siteId: SITE,
  siteName: 'Shoreditch',
  serial: 'SN-0001',
  label,
  model: 'with-printer',
  firmwareVersion: '2.4.1',
  lastTransactionAt: '2026-11-20T10:15:00.000Z',
  lastTransactionAmount: { amount: 1250, currency: 'GBP' },
  lastActivityAt: '2026-11-20T10:15:00.000Z',
  assignedAt: '2026-01-01T09:00:00.000Z',
});

function api() {
  let label = 'Front counter';
  return fakeApi({
    'GET /merchants/m-1/sites': () => jsonResponse(200, { data: [] }),
    'GET /merchants/m-1/devices': () =>
      jsonResponse(200, { data: [device(label)], pageNumber: 1, pageSize: 20, total: 1 }),
    [`GET ${DEVICE_PATH}`]: () =>
      jsonResponse(200, {
        data: {
          ...device(label),
          recentTransactions: [
            {
              transactionId: '33333333-3333-4333-8333-333333333333',
              createdAt: '2026-11-20T10:15:00.000Z',
              amount: 1250,
              currency: 'GBP',
              status: 'captured',
              cardScheme: 'visa',
              cardLastFour: '4242',
            },
          ],
        },
      }),
    [`PATCH ${DEVICE_PATH}`]: async (request) => {
      label = ((await request.json()) as { label: string }).label;
      return jsonResponse(200, { data: device(label) });
    },
  });
}

function renderDevices(merchant: Merchant, path = '/devices') {
  return renderRoutes(
    [
      {
        path: '/devices',
        Component: () => (
          <CurrentMerchantContext.Provider value={merchant}>
            <AllDevicesScreen />
          </CurrentMerchantContext.Provider>
        ),
      },
    ],
    path,
  );
}

let fetchMock: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  fetchMock = vi.spyOn(globalThis, 'fetch');
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

describe('/devices: one device in a drawer', () => {
  it('opens from its row with the URL holding it, shows its facts and recent transactions, and renames it', async () => {
    const user = userEvent.setup();
    const fake = api();
    fetchMock.mockImplementation(fake.handle);
    const { router } = renderDevices(aMerchant({ merchantId: 'm-1' }));
    await user.click(await screen.findByRole('button', { name: 'Open device SN-0001' }));

    const drawer = await screen.findByRole('dialog', { name: 'Device SN-0001' });
    expect(router.state.location.search).toContain(`device=${DEVICE}`);
    expect(router.state.location.search).toContain(`deviceSite=${SITE}`);
    expect(await within(drawer).findByText('495 g, 5.5-inch screen')).toBeInTheDocument();
    expect(within(drawer).getByText('2.4.1')).toBeInTheDocument();
    const recent = within(drawer).getByRole('table', { name: 'Recent transactions' });
    expect(within(recent).getByText('£12.50')).toBeInTheDocument();
    expect(within(recent).getByText('visa •••• 4242')).toBeInTheDocument();

    const input = within(drawer).getByLabelText(/^Label/);
    await user.clear(input);
    await user.tab();
    expect(await within(drawer).findByText('Device label must be 1 to 50 characters')).toBeInTheDocument();
    await user.type(input, '  Till 2 ');
    await user.click(within(drawer).getByRole('button', { name: 'Rename' }));
    expect(await screen.findByText('The device is now called Till 2.')).toBeInTheDocument();
    expect(fake.bodiesOf(`PATCH ${DEVICE_PATH}`)).toEqual([{ label: 'Till 2' }]);
    // The list behind the drawer (aria-hidden while the drawer is open) is read again.
    const list = screen.getByRole('table', { name: 'Devices', hidden: true });
    await waitFor(() => expect(within(list).getByText('Till 2')).toBeInTheDocument());
  });

  it('reopens from the URL, and offers no rename without Device:AssignDevice on its site', async () => {
    fetchMock.mockImplementation(api().handle);
    renderDevices(
      aMerchant({
        merchantId: 'm-1',
        permissions: {
          companyScoped: [],
          siteScoped: [{ siteId: SITE, permissions: ['Device:ListDevices'] }],
        },
      }),
      `/devices?device=${DEVICE}&deviceSite=${SITE}`,
    );
    const drawer = await screen.findByRole('dialog', { name: 'Device SN-0001' });
    expect(await within(drawer).findByText('Front counter')).toBeInTheDocument();
    expect(within(drawer).queryByRole('button', { name: 'Rename' })).toBeNull();
  });
});
