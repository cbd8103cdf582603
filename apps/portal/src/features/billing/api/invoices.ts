import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiErrorFrom } from '../../../lib/api/api-error.ts';
import { authFetch } from '../../../lib/api/auth-fetch.ts';
import type { ResponseData } from '../../../lib/api/operations.ts';
import { apiRequest, apiUrl } from '../../../lib/api/request.ts';

export type Invoice = ResponseData<'listInvoices'>[number];
export type InvoiceDetail = ResponseData<'getInvoice'>;
export type InvoiceLine = InvoiceDetail['lines'][number];

const base = (merchantId: string) => `/v1/merchants/${encodeURIComponent(merchantId)}/invoices`;

/** GET /v1/merchants/{id}/invoices (Billing:ListInvoices): newest month first. */
export function listInvoices(merchantId: string): Promise<Invoice[]> {
  return apiRequest('GET', base(merchantId));
}

/** Under the `billing` root, which a merchant switch reloads (SPEC §4). */
export function useInvoices(merchantId: string) {
  return useQuery(
    queryOptions({
      queryKey: ['billing', merchantId, 'invoices'],
      queryFn: () => listInvoices(merchantId),
      enabled: merchantId !== '',
    }),
  );
}

/** GET /v1/merchants/{id}/invoices/{invoiceId}: one invoice with its lines. */
export function useInvoice(merchantId: string, invoiceId: string | undefined) {
  return useQuery(
    queryOptions({
      queryKey: ['billing', merchantId, 'invoices', invoiceId],
      queryFn: () =>
        apiRequest<InvoiceDetail>('GET', `${base(merchantId)}/${encodeURIComponent(invoiceId ?? '')}`),
      enabled: merchantId !== '' && Boolean(invoiceId),
      retry: false,
    }),
  );
}

/**
 * GET …/invoices/{invoiceId}/pdf with the session's bearer token, then hands the file to the browser as a
 * download named after the invoice number. Throws an ApiError when the API refuses.
 */
export async function downloadInvoicePdf(merchantId: string, invoice: Pick<Invoice, 'invoiceId' | 'number'>) {
  const response = await authFetch(
    new Request(apiUrl(`${base(merchantId)}/${encodeURIComponent(invoice.invoiceId)}/pdf`), {
      headers: { Accept: 'application/pdf' },
    }),
  );
  if (!response.ok) throw await apiErrorFrom(response);
  const url = URL.createObjectURL(await response.blob());
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = `${invoice.number}.pdf`;
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // Revoked after the click has been handled, so the download has started.
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }
}
