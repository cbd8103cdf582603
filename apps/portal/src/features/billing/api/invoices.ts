import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiErrorFrom } from '../../../lib/api/api-error.ts';
import { authFetch } from '../../../lib/api/auth-fetch.ts';
import type { ResponseData } from '../../../lib/api/operations.ts';
import { apiRequest, apiUrl } from '../../../lib/api/request.ts';
import { currentLocale } from '../../../lib/i18n/i18n.ts';

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
 * GET …/invoices/{invoiceId}/{file} with the session's bearer token, then hands the file to the browser as a
 * download. Throws an ApiError when the API refuses.
 */
async function downloadInvoiceFile(
  merchantId: string,
  invoiceId: string,
  file: { path: 'pdf' | 'site-breakdown'; query?: URLSearchParams; accept: string; name: string },
) {
  const query = file.query ? `?${file.query}` : '';
  const response = await authFetch(
    new Request(apiUrl(`${base(merchantId)}/${encodeURIComponent(invoiceId)}/${file.path}${query}`), {
      headers: { Accept: file.accept },
    }),
  );
  if (!response.ok) throw await apiErrorFrom(response);
  const url = URL.createObjectURL(await response.blob());
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = file.name;
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // Revoked after the click has been handled, so the download has started.
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }
}

/** The invoice as a PDF in the user's language, named after its number. */
export function downloadInvoicePdf(merchantId: string, invoice: Pick<Invoice, 'invoiceId' | 'number'>) {
  return downloadInvoiceFile(merchantId, invoice.invoiceId, {
    path: 'pdf',
    query: new URLSearchParams({ locale: currentLocale() }),
    accept: 'application/pdf',
    name: `${invoice.number}.pdf`,
  });
}

/** A monthly invoice's per-site breakdown (SPEC §3 `per_site_breakdown_csv`) as CSV. */
export function downloadSiteBreakdown(merchantId: string, invoice: Pick<Invoice, 'invoiceId' | 'number'>) {
  return downloadInvoiceFile(merchantId, invoice.invoiceId, {
    path: 'site-breakdown',
    accept: 'text/csv',
    name: `${invoice.number}-sites.csv`,
  });
}

export type OneOffInvoiceBody = { lines: { description: string; amount: number }[] };

/**
 * POST /v1/merchants/{id}/invoices/one-off (staff): a one-off invoice; the merchant's invoices reload. The form
 * makes one Idempotency-Key per opening, so raising it again after an error never raises (and charges) twice.
 */
export function useRaiseOneOffInvoice(merchantId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: OneOffInvoiceBody; idempotencyKey: string }) =>
      apiRequest<InvoiceDetail>('POST', `${base(merchantId)}/one-off`, body, {
        'Idempotency-Key': idempotencyKey,
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['billing', merchantId, 'invoices'] }),
  });
}
