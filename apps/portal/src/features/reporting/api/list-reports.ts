import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiErrorFrom } from '../../../lib/api/api-error.ts';
import { authFetch } from '../../../lib/api/auth-fetch.ts';
import type { operations } from '../../../lib/api/generated/schema.d.ts';
import { apiUrl } from '../../../lib/api/request.ts';

type ReportPage = operations['listReports']['responses'][200]['content']['application/json'];
export type Report = ReportPage['data'][number];
export type ReportType = Report['type'];

/** While a report is NEW or PROCESSING the list asks again this often, so progress and READY show by themselves. */
export const REPORTS_POLL_MS = 2000;

/** GET /v1/merchants/{id}/reports (Report:ListReports): newest first, keyset pages, optionally one type. */
export async function listReports(merchantId: string, type: string | undefined, lastKey?: string) {
  const query = new URLSearchParams();
  if (type) query.set('type', type);
  if (lastKey) query.set('lastKey', lastKey);
  const path = `/v1/merchants/${encodeURIComponent(merchantId)}/reports?${query}`;
  const response = await authFetch(new Request(apiUrl(path), { headers: { Accept: 'application/json' } }));
  if (!response.ok) throw await apiErrorFrom(response);
  return (await response.json()) as ReportPage;
}

export const isUnfinished = (report: Pick<Report, 'state'>) =>
  report.state === 'NEW' || report.state === 'PROCESSING';

export function reportsQueryOptions(merchantId: string, type: string | undefined) {
  return infiniteQueryOptions({
    queryKey: ['reports', merchantId, { type }],
    queryFn: ({ pageParam }) => listReports(merchantId, type, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.lastKey ?? undefined,
    enabled: merchantId !== '',
    refetchInterval: (query) =>
      query.state.data?.pages.some((page) => page.data.some(isUnfinished)) ? REPORTS_POLL_MS : false,
  });
}

export function useReports(merchantId: string, type: string | undefined) {
  return useInfiniteQuery(reportsQueryOptions(merchantId, type));
}
