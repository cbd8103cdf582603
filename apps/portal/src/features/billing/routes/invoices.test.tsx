import { LOCALES } from '@mp/domain/locales';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { aMerchant, aUser } from '../../../../test/fixtures.ts';
import { fakeApi, jsonResponse, renderRoutes } from '../../../../test/render.tsx';
import { applyLocale, i18n, loadSignedInTexts } from '../../../lib/i18n/i18n.ts';
import { CurrentMerchantContext } from '../../../lib/merchant/current-merchant.ts';
import { sessionStore } from '../../../lib/session/session-store.ts';
import InvoicesScreen from './invoices.tsx';

const INVOICE = '44444444-4444-4444-8444-444444444444';
const BASE = '/v1/merchants/m-1/invoices';

const invoice = {
  invoiceId: INVOICE,
  number: 'INV-202603-ABCDEF0123',
  status: 'overdue',
  displayType: 'billing_summary',
  periodStart: '2026-03-01',
  periodEnd: '2026-03-31',
  subtotal: 5228,
  taxPercent: '20.00',
  tax: 1046,
  total: 6274,
  settledFromPayouts: 1256,
  amountPaid: 1256,
  amountDue: 5018,
  currency: 'GBP',
  issuedAt: '2026-04-01T06:00:00.000Z',
  dueAt: '2026-04-15T06:00:00.000Z',
  paidAt: null,
  collectionAttempts: 1,
  failureReason: 'The payment was declined by the test provider: insufficient funds',
  paymentStatus: 'failed',
  paymentProcessingSince: null,
  hostedInvoiceUrl: null,
  invoicePdfUrl: null,
};
const detail = {
  ...invoice,
  country: 'GB',
  paymentMethod: { type: 'card', brand: 'visa', lastFour: '4242' },
  lines: [
    {
      kind: 'processing-fee',
      region: 'domestic',
      description: 'x',
      quantity: 4,
      unitAmount: 151,
      amount: 151,
      volume: 12_576,
    },
    {
      kind: 'device-rental',
      region: null,
      description: 'Card machine rental',
      quantity: 2,
      unitAmount: 1999,
      amount: 3998,
      volume: null,
    },
    {
      kind: 'monthly-fee',
      region: null,
      description: 'Reporting plus',
      quantity: 1,
      unitAmount: 1500,
      amount: 1500,
      volume: null,
    },
    {
      kind: 'discount',
      region: null,
      description: 'Welcome discount 10%',
      quantity: 1,
      unitAmount: -421,
      amount: -421,
      volume: null,
    },
  ],
};

function renderInvoices(path = '/billing/invoices') {
  return renderRoutes(
    [
      {
        path: '/billing/invoices',
        Component: () => (
          <CurrentMerchantContext.Provider value={aMerchant({ merchantId: 'm-1' })}>
            <InvoicesScreen />
          </CurrentMerchantContext.Provider>
        ),
      },
    ],
    path,
  );
}

let fetchMock: ReturnType<typeof vi.spyOn>;
const createObjectURL = vi.fn(() => 'blob:invoice');
const revokeObjectURL = vi.fn();
beforeEach(() => {
  fetchMock = vi.spyOn(globalThis, 'fetch');
  Object.assign(URL, { createObjectURL, revokeObjectURL });
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
afterEach(async () => {
  fetchMock.mockRestore();
  sessionStore.clear();
  await applyLocale('en-GB');
});

describe('/billing/invoices', () => {
  it('lists the invoices with month, status, total and amount due; a row opens the invoice with its lines and totals', async () => {
    const user = userEvent.setup();
    fetchMock.mockImplementation(
      fakeApi({
        [`GET ${BASE}`]: () => jsonResponse(200, { data: [invoice] }),
        [`GET ${BASE}/${INVOICE}`]: () => jsonResponse(200, { data: detail }),
      }).handle,
    );
    const { router } = renderInvoices();
    const row = (await screen.findByText('INV-202603-ABCDEF0123')).closest('tr') as HTMLElement;
    expect(row.closest('table')).toHaveAccessibleName('Invoices');
    expect(within(row).getByText('March 2026')).toBeInTheDocument();
    expect(within(row).getByText('Overdue')).toBeInTheDocument();
    expect(within(row).getByText('£62.74')).toBeInTheDocument();
    expect(within(row).getByText('£50.18')).toBeInTheDocument();

    await user.click(within(row).getByText('March 2026'));
    const drawer = await screen.findByRole('dialog', { name: 'Invoice INV-202603-ABCDEF0123' });
    expect(router.state.location.search).toBe(`?invoice=${INVOICE}`);
    const lines = await within(drawer).findByRole('table', { name: 'Invoice lines' });
    expect(within(lines).getByText('Processing fees: domestic cards')).toBeInTheDocument();
    expect(within(lines).getByText('4 payments')).toBeInTheDocument();
    expect(within(lines).getByText('2 devices')).toBeInTheDocument();
    expect(within(lines).getByText('Welcome discount 10%')).toBeInTheDocument();
    expect(within(lines).getByText('-£4.21')).toBeInTheDocument();
    const totals = within(drawer).getByRole('table', { name: 'Invoice totals' });
    expect(within(totals).getByRole('row', { name: 'VAT 20% £10.46' })).toBeInTheDocument();
    expect(within(totals).getByRole('row', { name: 'Total £62.74' })).toBeInTheDocument();
    expect(
      within(totals).getByRole('row', { name: 'Deducted from your payouts -£12.56' }),
    ).toBeInTheDocument();
    expect(within(totals).getByRole('row', { name: 'Amount due £50.18' })).toBeInTheDocument();
    expect(within(drawer).getByText('Visa ending 4242')).toBeInTheDocument();
    expect(
      within(drawer).getByText(/We could not collect this invoice: The payment was declined/),
    ).toBeInTheDocument();
  }, 20_000); // a typed flow through the table and the drawer: slow on a loaded machine

  it('downloads the PDF with the session token; a failed download shows the retry message', async () => {
    const user = userEvent.setup();
    let fail = false;
    const fake = fakeApi({
      [`GET ${BASE}`]: () => jsonResponse(200, { data: [invoice] }),
      [`GET ${BASE}/${INVOICE}/pdf`]: (request) =>
        fail || request.headers.get('Authorization') !== 'Bearer access'
          ? jsonResponse(500, { error: { code: 'INTERNAL', message: 'boom' } })
          : new Response(new Blob(['%PDF-1.3 test']), {
              status: 200,
              headers: { 'content-type': 'application/pdf' },
            }),
    });
    fetchMock.mockImplementation(fake.handle);
    renderInvoices();
    const button = await screen.findByRole('button', {
      name: 'Download invoice INV-202603-ABCDEF0123 as PDF',
    });
    await user.click(button);
    await vi.waitFor(() => expect(createObjectURL).toHaveBeenCalledTimes(1));
    expect(fake.calls.map((call) => call.route)).toContain(`GET ${BASE}/${INVOICE}/pdf`);
    // The row's button does not open the drawer.
    expect(screen.queryByRole('dialog')).toBeNull();

    fail = true;
    await user.click(button);
    expect(
      await screen.findByText('We could not download the invoice. Please try again.'),
    ).toBeInTheDocument();
    expect(createObjectURL).toHaveBeenCalledTimes(1);
  });

  it.each(LOCALES)('%s: asks for the PDF in the user’s language', async (locale) => {
    await applyLocale(locale);
    await loadSignedInTexts();
    const user = userEvent.setup();
    const asked: (string | null)[] = [];
    const fake = fakeApi({
      [`GET ${BASE}`]: () => jsonResponse(200, { data: [invoice] }),
      [`GET ${BASE}/${INVOICE}/pdf`]: (request) => {
        asked.push(new URL(request.url).searchParams.get('locale'));
        return new Response(new Blob(['%PDF-1.3 test']), {
          status: 200,
          headers: { 'content-type': 'application/pdf' },
        });
      },
    });
    fetchMock.mockImplementation(fake.handle);
    renderInvoices();
    await user.click(
      await screen.findByRole('button', {
        name: i18n.t('billing.invoices.downloadOne', { number: invoice.number }),
      }),
    );
    await vi.waitFor(() => expect(createObjectURL).toHaveBeenCalledTimes(1));
    expect(asked).toEqual([locale]);
  });

  it('a Direct Debit waiting for the bank shows as processing, with the day it was requested', async () => {
    const user = userEvent.setup();
    const processing = {
      ...invoice,
      status: 'open',
      failureReason: null,
      paymentStatus: 'processing',
      paymentProcessingSince: '2026-04-01T06:00:00.000Z',
    };
    fetchMock.mockImplementation(
      fakeApi({
        [`GET ${BASE}`]: () => jsonResponse(200, { data: [processing] }),
        [`GET ${BASE}/${INVOICE}`]: () =>
          jsonResponse(200, {
            data: {
              ...detail,
              ...processing,
              paymentMethod: { type: 'sepa_debit', brand: 'DE', lastFour: '3000' },
            },
          }),
      }).handle,
    );
    renderInvoices();
    const row = (await screen.findByText('INV-202603-ABCDEF0123')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Open')).toBeInTheDocument();
    expect(within(row).getByText('Payment processing')).toBeInTheDocument();
    await user.click(within(row).getByText('March 2026'));
    const drawer = await screen.findByRole('dialog', { name: 'Invoice INV-202603-ABCDEF0123' });
    expect(await within(drawer).findByText('Direct Debit processing')).toBeInTheDocument();
    expect(within(drawer).getByText(/We requested the Direct Debit on 1 Apr 2026\./)).toBeInTheDocument();
    expect(within(drawer).queryByText(/We could not collect this invoice/)).toBeNull();
  });

  it('the invoice downloads its per-site breakdown as CSV', async () => {
    const user = userEvent.setup();
    const fake = fakeApi({
      [`GET ${BASE}`]: () => jsonResponse(200, { data: [invoice] }),
      [`GET ${BASE}/${INVOICE}`]: () => jsonResponse(200, { data: detail }),
      [`GET ${BASE}/${INVOICE}/site-breakdown`]: () =>
        new Response(new Blob(['Site,Item\n']), { status: 200, headers: { 'content-type': 'text/csv' } }),
    });
    fetchMock.mockImplementation(fake.handle);
    renderInvoices(`/billing/invoices?invoice=${INVOICE}`);
    const drawer = await screen.findByRole('dialog', { name: 'Invoice INV-202603-ABCDEF0123' });
    await user.click(await within(drawer).findByRole('button', { name: 'Per-site breakdown (CSV)' }));
    await vi.waitFor(() => expect(createObjectURL).toHaveBeenCalledTimes(1));
    expect(fake.calls.map((call) => call.route)).toContain(`GET ${BASE}/${INVOICE}/site-breakdown`);
  }, 20_000);

  it('shows each display type with its label and its action: the summary PDF and CSV, a one-off invoice its PDF, a Stripe invoice neither of ours', async () => {
    const oneOff = {
      ...invoice,
      invoiceId: '55555555-5555-4555-8555-555555555555',
      number: 'INV-202611-ABCDEF0123-01',
      displayType: 'yeti_invoice',
      periodStart: '2026-11-24',
      periodEnd: '2026-11-24',
    };
    const stripeInvoice = {
      ...invoice,
      invoiceId: '66666666-6666-4666-8666-666666666666',
      number: 'INV-202603-ABCDEF0123-S',
      displayType: 'stripe_invoice',
      hostedInvoiceUrl: 'https://invoice.stripe.com/i/acct_1/test_in_1ABC',
      invoicePdfUrl: 'https://pay.stripe.com/invoice/acct_1/test_in_1ABC/pdf',
    };
    const breakdown = {
      ...invoice,
      invoiceId: '77777777-7777-4777-8777-777777777777',
      number: 'INV-202602-ABCDEF0123',
      displayType: 'per_site_breakdown_csv',
      periodStart: '2026-02-01',
    };
    fetchMock.mockImplementation(
      fakeApi({
        [`GET ${BASE}`]: () => jsonResponse(200, { data: [oneOff, invoice, stripeInvoice, breakdown] }),
        [`GET ${BASE}/${stripeInvoice.invoiceId}`]: () =>
          jsonResponse(200, { data: { ...detail, ...stripeInvoice } }),
      }).handle,
    );
    renderInvoices();
    const rowOf = async (number: string) => (await screen.findByText(number)).closest('tr') as HTMLElement;
    const summary = await rowOf('INV-202603-ABCDEF0123');
    expect(within(summary).getByText('Monthly summary')).toBeInTheDocument();
    expect(within(summary).getByRole('button', { name: /as PDF$/ })).toBeInTheDocument();
    expect(within(summary).getByRole('button', { name: /as CSV$/ })).toBeInTheDocument();
    const one = await rowOf('INV-202611-ABCDEF0123-01');
    expect(within(one).getByText('Invoice')).toBeInTheDocument();
    // A one-off invoice is of a day, not a month.
    expect(within(one).getByText('24 Nov 2026')).toBeInTheDocument();
    expect(
      within(one).getByRole('button', { name: 'Download invoice INV-202611-ABCDEF0123-01 as PDF' }),
    ).toBeInTheDocument();
    expect(within(one).queryByRole('button', { name: /as CSV$/ })).toBeNull();
    const provider = await rowOf('INV-202603-ABCDEF0123-S');
    expect(within(provider).getByText('Stripe invoice')).toBeInTheDocument();
    // Its action is Stripe's hosted invoice page, in a new tab without an opener; none of ours.
    const hosted = within(provider).getByRole('link', {
      name: 'Open invoice INV-202603-ABCDEF0123-S on Stripe (opens in a new tab)',
    });
    expect(hosted).toHaveTextContent('View on Stripe');
    expect(hosted).toHaveAttribute('href', 'https://invoice.stripe.com/i/acct_1/test_in_1ABC');
    expect(hosted).toHaveAttribute('target', '_blank');
    expect(hosted.getAttribute('rel')?.split(' ')).toContain('noopener');
    expect(within(provider).queryByRole('button', { name: /as (PDF|CSV)$/ })).toBeNull();
    expect(within(summary).queryByRole('link')).toBeNull();
    // Opened, the Stripe invoice offers Stripe's page too, and none of our files.
    await userEvent.setup().click(within(provider).getByText('Stripe invoice'));
    const drawer = await screen.findByRole('dialog', { name: 'Invoice INV-202603-ABCDEF0123-S' });
    const inDrawer = await within(drawer).findByRole('link', { name: /on Stripe \(opens in a new tab\)$/ });
    expect(inDrawer).toHaveAttribute('href', 'https://invoice.stripe.com/i/acct_1/test_in_1ABC');
    expect(inDrawer).toHaveAttribute('target', '_blank');
    expect(inDrawer.getAttribute('rel')?.split(' ')).toContain('noopener');
    expect(within(drawer).queryByRole('button', { name: 'Download PDF' })).toBeNull();
    const csv = await rowOf('INV-202602-ABCDEF0123');
    expect(within(csv).getByText('Per-site breakdown')).toBeInTheDocument();
    expect(within(csv).getByRole('button', { name: /as CSV$/ })).toBeInTheDocument();
    expect(within(csv).queryByRole('button', { name: /as PDF$/ })).toBeNull();
  });

  it('says so when there is no invoice yet', async () => {
    fetchMock.mockImplementation(fakeApi({ [`GET ${BASE}`]: () => jsonResponse(200, { data: [] }) }).handle);
    renderInvoices();
    expect(
      await screen.findByText('No invoices yet. Your first one is issued at the start of next month.'),
    ).toBeInTheDocument();
  });
});
