import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ResponseData } from '../../../lib/api/operations.ts';
import { apiRequest } from '../../../lib/api/request.ts';

export type Industry = ResponseData<'listIndustries'>[number];

/** GET /industries (SPEC §7). */
export function listIndustries(): Promise<Industry[]> {
  return apiRequest('GET', '/industries');
}

export function useIndustries() {
  return useQuery(queryOptions({ queryKey: ['industries'], queryFn: listIndustries, staleTime: Infinity }));
}
