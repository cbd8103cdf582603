import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { aStaffUser } from '../../../../test/fixtures.ts';
import { fakeApi, jsonResponse, renderRoutes } from '../../../../test/render.tsx';
import { signedInWithFetchSpy } from '../../../../test/signed-in.ts';
import { OneOffInvoiceForm } from './one-off-invoice.tsx';

const URL_ONE_OFF = '/v1/merchants/m-1/invoices/one-off';

// Staff raise one-off invoices.
const fetchMock = signedInWithFetchSpy(aStaffUser);

const render = () =>
  renderRoutes([{ path: '/', Component: () => <OneOffInvoiceForm merchantId="m-1" currency="EUR" /> }], '/');

describe('OneOffInvoiceForm (staff)', () => {
  it('checks each line as the API does and names the field; nothing is sent until it is right', async () => {
    const user = userEvent.setup();
    const fake = fakeApi({});
    fetchMock().mockImplementation(fake.handle);
    render();
    await user.click(screen.getByRole('button', { name: 'Raise a one-off invoice' }));
    const dialog = await screen.findByRole('dialog', { name: 'One-off invoice' });
    await user.click(within(dialog).getByRole('button', { name: 'Raise invoice' }));
    // Both fields of the empty line are named.
    expect(within(dialog).getAllByText('Required')).toHaveLength(2);
    await user.type(within(dialog).getByLabelText('Description'), 'Replacement terminal');
    await user.type(within(dialog).getByLabelText('Amount (EUR, before VAT)'), '0');
    await user.click(within(dialog).getByRole('button', { name: 'Raise invoice' }));
    expect(within(dialog).getByText('Amount must be greater than 0')).toBeInTheDocument();
    expect(fake.calls).toEqual([]);
  }, 20_000);

  it('sends the lines in minor units, says which invoice was raised and closes', async () => {
    const user = userEvent.setup();
    let body: unknown;
    const fake = fakeApi({
      [`POST ${URL_ONE_OFF}`]: async (request) => {
        body = await request.json();
        return jsonResponse(201, { data: { number: 'INV-202611-ABCDEF0123-01' } });
      },
    });
    fetchMock().mockImplementation(fake.handle);
    render();
    await user.click(screen.getByRole('button', { name: 'Raise a one-off invoice' }));
    const dialog = await screen.findByRole('dialog', { name: 'One-off invoice' });
    await user.type(within(dialog).getByLabelText('Description'), 'Replacement terminal');
    await user.type(within(dialog).getByLabelText('Amount (EUR, before VAT)'), '49.99');
    await user.click(within(dialog).getByRole('button', { name: 'Add a line' }));
    const descriptions = within(dialog).getAllByLabelText('Description');
    const amounts = within(dialog).getAllByLabelText('Amount (EUR, before VAT)');
    await user.type(descriptions[1] as HTMLElement, 'Courier');
    await user.type(amounts[1] as HTMLElement, '10');
    await user.click(within(dialog).getByRole('button', { name: 'Raise invoice' }));
    expect(await screen.findByText('Invoice INV-202611-ABCDEF0123-01 raised.')).toBeInTheDocument();
    expect(body).toEqual({
      lines: [
        { description: 'Replacement terminal', amount: 4999 },
        { description: 'Courier', amount: 1000 },
      ],
    });
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  }, 20_000);

  it('a refused request shows the retry message and keeps the lines; raised again, with the same key', async () => {
    const user = userEvent.setup();
    const keys: (string | null)[] = [];
    fetchMock().mockImplementation(
      fakeApi({
        [`POST ${URL_ONE_OFF}`]: (request) => {
          keys.push(request.headers.get('Idempotency-Key'));
          return keys.length === 1
            ? jsonResponse(500, { error: { code: 'INTERNAL', message: 'boom' } })
            : jsonResponse(201, { data: { number: 'INV-202611-ABCDEF0123-02' } });
        },
      }).handle,
    );
    render();
    await user.click(screen.getByRole('button', { name: 'Raise a one-off invoice' }));
    const dialog = await screen.findByRole('dialog', { name: 'One-off invoice' });
    await user.type(within(dialog).getByLabelText('Description'), 'Replacement terminal');
    await user.type(within(dialog).getByLabelText('Amount (EUR, before VAT)'), '5');
    await user.click(within(dialog).getByRole('button', { name: 'Raise invoice' }));
    expect(
      await within(dialog).findByText('We could not raise the invoice. Please try again.'),
    ).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Description')).toHaveValue('Replacement terminal');
    // Raised again (the first may have been stored before its answer was lost): the same invoice on the server.
    await user.click(within(dialog).getByRole('button', { name: 'Raise invoice' }));
    expect(await screen.findByText('Invoice INV-202611-ABCDEF0123-02 raised.')).toBeInTheDocument();
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
  }, 20_000);
});
