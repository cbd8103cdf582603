import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { aMerchant } from '../../../../test/fixtures.ts';
import { fakeApi, jsonResponse, renderRoutes } from '../../../../test/render.tsx';
import { signedInWithFetchSpy } from '../../../../test/signed-in.ts';
import { i18n } from '../../../lib/i18n/i18n.ts';
import { CurrentMerchantContext } from '../../../lib/merchant/current-merchant.ts';
import OrderNewDeviceScreen from './order-new-device.tsx';

const fetchMock = signedInWithFetchSpy();
const ORDER = 'POST /merchants/m-1/devices';

// Decision 0138: the order flow sends one Idempotency-Key per opening, so placing the order again after an error
// (the first answer lost: the order may have been stored) is the same order on the server, never a second one.
describe('device order flow: Idempotency-Key', { timeout: 20_000 }, () => {
  it('places the order again after an error with the same key', async () => {
    const user = userEvent.setup();
    const keys: (string | null)[] = [];
    const fake = fakeApi({
      'GET /merchants/m-1/sites': () => jsonResponse(200, { data: [] }),
      'GET /merchants/m-1/devices/order-options': () =>
        jsonResponse(200, {
          data: {
            models: [
              {
                model: 'with-printer',
                weightGrams: 450,
                screenInches: 5.5,
                monthlyRental: { amount: 1999, currency: 'GBP' },
              },
            ],
            dockPrice: { amount: 999, currency: 'GBP' },
            firstDeliveryDate: '2026-12-10',
            blockedBy: null,
            blockedMessage: null,
          },
        }),
      [ORDER]: (request) => {
        keys.push(request.headers.get('Idempotency-Key'));
        return keys.length === 1
          ? jsonResponse(503, { error: { code: 'SERVICE_UNAVAILABLE', message: 'Database down' } })
          : jsonResponse(201, {
              data: {
                orderId: '77777777-7777-4777-8777-777777777777',
                state: 'placed',
                lines: [],
                monthlyTotal: { amount: 1999, currency: 'GBP' },
                outrightTotal: { amount: 0, currency: 'GBP' },
                firstDeliveryDate: '2026-12-10',
                createdAt: '2026-12-07T10:00:00.000Z',
              },
            });
      },
    });
    fetchMock().mockImplementation(fake.handle);
    renderRoutes(
      [
        {
          path: '/request-new-device',
          Component: () => (
            <CurrentMerchantContext.Provider value={aMerchant({ merchantId: 'm-1' })}>
              <OrderNewDeviceScreen />
            </CurrentMerchantContext.Provider>
          ),
        },
      ],
      '/request-new-device',
    );
    const t = (key: string) => i18n.t(key);

    const quantity = await screen.findByLabelText(t('devices.order.quantity'));
    await user.clear(quantity);
    await user.type(quantity, '1');
    await user.click(screen.getByRole('button', { name: t('devices.order.next') }));
    await user.type(await screen.findByLabelText(new RegExp(t('devices.order.contactName'))), 'Ada Lovelace');
    await user.type(screen.getByLabelText(new RegExp(t('devices.order.contactPhone'))), '+44 20 7946 0958');
    await user.type(screen.getByLabelText(new RegExp(t('sites.form.line1'))), '1 High Street');
    await user.type(screen.getByLabelText(new RegExp(`^${t('sites.form.city')}`)), 'London');
    await user.type(screen.getByLabelText(new RegExp(t('sites.form.postalCode'))), 'E1 6AN');
    await user.click(screen.getByRole('button', { name: t('devices.order.next') }));
    await user.click(await screen.findByLabelText(t('devices.order.agree')));

    const place = screen.getByRole('button', { name: t('devices.order.place') });
    await user.click(place);
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: t('devices.order.place') }));
    expect(await screen.findByText(t('devices.order.placed'))).toBeInTheDocument();

    expect(fake.bodiesOf(ORDER)).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
  });
});
