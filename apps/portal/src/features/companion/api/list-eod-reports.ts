import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiErrorFrom } from '../../../lib/api/api-error.ts';
import { authFetch } from '../../../lib/api/auth-fetch.ts';
import type { operations } from '../../../lib/api/generated/schema.d.ts';
import { apiUrl } from '../../../lib/api/request.ts';

type EodReportPage = operations['listEodReports']['responses'][200]['content']['application/json'];
export type EodReport = EodReportPage['data'][number];

/** GET /v1/merchants/{id}/eod-reports (EODReport:ListReports): newest trading day first, the caller's sites. */
async function listEodReports(merchantId: string, lastKey?: string): Promise<EodReportPage> {
  const query = new URLSearchParams();
  if (lastKey) query.set('lastKey', lastKey);
  const path = `/v1/merchants/${encodeURIComponent(merchantId)}/eod-reports?${query}`;
  const response = await authFetch(new Request(apiUrl(path), { headers: { Accept: 'application/json' } }));
  if (!response.ok) throw await apiErrorFrom(response);
  return (await response.json()) as EodReportPage;
}

export function useEodReports(merchantId: string) {
  return useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: ['native-eod-reports', merchantId],
      queryFn: ({ pageParam }) => listEodReports(merchantId, pageParam),
      initialPageParam: undefined as string | undefined,
      getNextPageParam: (page) => page.lastKey ?? undefined,
    }),
  );
}
