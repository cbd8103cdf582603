import type { CreateEodReportInput } from '@mp/domain/schemas/eod-report';
import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { apiErrorFrom } from '../../../lib/api/api-error.ts';
import { authFetch } from '../../../lib/api/auth-fetch.ts';
import type { operations } from '../../../lib/api/generated/schema.d.ts';
import type { ResponseData } from '../../../lib/api/operations.ts';
import { apiRequest, apiUrl } from '../../../lib/api/request.ts';

type EodReportPage = operations['listEodReports']['responses'][200]['content']['application/json'];
/** One end-of-day report as GET …/eod-reports and GET …/eod-reports/{id} return it. */
export type EodReport = EodReportPage['data'][number];
export type EodTotals = NonNullable<EodReport['totals']>;
export interface EodReportFilter {
  siteId?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

/** While a report is being made (NEW) the list and the view ask again this often. */
export const EOD_POLL_MS = 2000;

const base = (merchantId: string) => `/v1/merchants/${encodeURIComponent(merchantId)}/eod-reports`;
export const isEodUnfinished = (report: Pick<EodReport, 'state'>) =>
  report.state === 'NEW' || report.state === 'PROCESSING';

/** GET /v1/merchants/{id}/eod-reports (EODReport:ListReports): newest trading day first, keyset pages. */
export async function listEodReports(
  merchantId: string,
  filter: EodReportFilter,
  lastKey?: string,
): Promise<EodReportPage> {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries({ ...filter, lastKey })) if (value) query.set(key, value);
  const response = await authFetch(
    new Request(apiUrl(`${base(merchantId)}?${query}`), { headers: { Accept: 'application/json' } }),
  );
  if (!response.ok) throw await apiErrorFrom(response);
  return (await response.json()) as EodReportPage;
}

export function eodReportsQueryOptions(merchantId: string, filter: EodReportFilter) {
  return infiniteQueryOptions({
    queryKey: ['eod-reports', merchantId, filter],
    queryFn: ({ pageParam }) => listEodReports(merchantId, filter, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.lastKey ?? undefined,
    enabled: merchantId !== '',
    refetchInterval: (query) =>
      query.state.data?.pages.some((page) => page.data.some(isEodUnfinished)) ? EOD_POLL_MS : false,
  });
}

export function useEodReports(merchantId: string, filter: EodReportFilter) {
  return useInfiniteQuery(eodReportsQueryOptions(merchantId, filter));
}

/** GET /v1/merchants/{id}/eod-reports/{eodReportId}: one report with its figures. */
export function useEodReport(merchantId: string, eodReportId: string | undefined) {
  return useQuery(
    queryOptions({
      queryKey: ['eod-reports', merchantId, 'one', eodReportId],
      queryFn: () =>
        apiRequest<ResponseData<'getEodReport'>>(
          'GET',
          `${base(merchantId)}/${encodeURIComponent(eodReportId ?? '')}`,
        ),
      enabled: merchantId !== '' && Boolean(eodReportId),
      retry: false,
      refetchInterval: (query) =>
        query.state.data && isEodUnfinished(query.state.data) ? EOD_POLL_MS : false,
    }),
  );
}

/** POST /v1/merchants/{id}/eod-reports (EODReport:CreateReports): make (or remake) a site's closed day. */
export function useCreateEodReport(merchantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateEodReportInput) =>
      apiRequest<{ eodReportId: string }>('POST', base(merchantId), input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['eod-reports', merchantId] }),
  });
}

/**
 * GET …/eod-reports/{id}/download?format&locale with the session's bearer token, then hands the file to the
 * browser as a download under the name the API chose. Throws an ApiError when the API refuses.
 */
export async function downloadEodReport(
  merchantId: string,
  eodReportId: string,
  format: 'pdf' | 'csv',
  locale: string,
): Promise<string> {
  const query = new URLSearchParams({ format, locale });
  const response = await authFetch(
    new Request(apiUrl(`${base(merchantId)}/${encodeURIComponent(eodReportId)}/download?${query}`), {
      headers: { Accept: format === 'pdf' ? 'application/pdf' : 'text/csv' },
    }),
  );
  if (!response.ok) throw await apiErrorFrom(response);
  const disposition = response.headers.get('content-disposition') ?? '';
  const filename = /filename="([^"]+)"/.exec(disposition)?.[1] ?? `eod-report.${format}`;
  const url = URL.createObjectURL(await response.blob());
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = filename;
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // Revoked after the click has been handled, so the download has started.
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }
  return filename;
}
