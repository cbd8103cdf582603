import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiErrorFrom } from '../../../lib/api/api-error.ts';
import { authFetch } from '../../../lib/api/auth-fetch.ts';
import type { components } from '../../../lib/api/generated/schema.d.ts';
import type { RequestBody, ResponseData } from '../../../lib/api/operations.ts';
import { apiRequest, apiUrl } from '../../../lib/api/request.ts';

export type SiteSummary = ResponseData<'listSites'>[number];
export type SiteCreateBody = RequestBody<'createSite'>;
export type SiteUpdateBody = RequestBody<'updateSite'>['site'];
export type SiteInternalSettings = ResponseData<'getSiteInternalSettings'>;
export type SiteInternalSettingsBody = RequestBody<'updateSiteInternalSettings'>;
/** The `Site` schema of the OpenAPI document (GET/PUT/POST answer it under `site`). */
export type Site = components['schemas']['Site'];

const sitesPath = (merchantId: string) => `/merchants/${encodeURIComponent(merchantId)}/sites`;
const sitePath = (merchantId: string, siteId: string) =>
  `${sitesPath(merchantId)}/${encodeURIComponent(siteId)}`;

/** SPEC §7: GET/PUT/POST of one site carry it under `site` (not `data`). */
async function siteCall(method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown): Promise<Site> {
  const init: RequestInit = { method, headers: { Accept: 'application/json' } };
  if (body !== undefined) {
    init.body = JSON.stringify(body);
    init.headers = { ...init.headers, 'Content-Type': 'application/json' };
  }
  const response = await authFetch(new Request(apiUrl(path), init));
  if (!response.ok) throw await apiErrorFrom(response);
  return ((await response.json()) as { site: Site }).site;
}

export const sitesListQueryOptions = (merchantId: string) =>
  queryOptions({
    queryKey: ['sites', merchantId, 'summaries'],
    queryFn: () => apiRequest<SiteSummary[]>('GET', sitesPath(merchantId)),
  });

export const useSitesList = (merchantId: string) => useQuery(sitesListQueryOptions(merchantId));

export const siteQueryOptions = (merchantId: string, siteId: string) =>
  queryOptions({
    queryKey: ['sites', merchantId, 'site', siteId],
    queryFn: () => siteCall('GET', sitePath(merchantId, siteId)),
  });

export const useSite = (merchantId: string, siteId: string) => useQuery(siteQueryOptions(merchantId, siteId));

function useInvalidateSites(merchantId: string) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: ['sites', merchantId] });
}

export function useCreateSite(merchantId: string) {
  const invalidate = useInvalidateSites(merchantId);
  return useMutation({
    mutationFn: (body: SiteCreateBody) => siteCall('POST', sitesPath(merchantId), body),
    onSuccess: invalidate,
  });
}

export function useUpdateSite(merchantId: string, siteId: string) {
  const invalidate = useInvalidateSites(merchantId);
  return useMutation({
    mutationFn: (site: SiteUpdateBody) => siteCall('PUT', sitePath(merchantId, siteId), { site }),
    onSuccess: invalidate,
  });
}

export function useDeleteSite(merchantId: string) {
  const invalidate = useInvalidateSites(merchantId);
  return useMutation({
    mutationFn: (siteId: string) => apiRequest<void>('DELETE', sitePath(merchantId, siteId)),
    onSuccess: invalidate,
  });
}

export function useRevealPasscodes(merchantId: string) {
  return useMutation({
    mutationFn: (siteId: string) =>
      apiRequest<ResponseData<'revealSitePasscodes'>>(
        'POST',
        `${sitePath(merchantId, siteId)}/passcodes/reveal`,
      ),
  });
}

export const siteInternalQueryOptions = (merchantId: string, siteId: string) =>
  queryOptions({
    queryKey: ['sites', merchantId, 'internal', siteId],
    queryFn: () => apiRequest<SiteInternalSettings>('GET', `${sitePath(merchantId, siteId)}/internal`),
  });

export function useUpdateSiteInternal(merchantId: string, siteId: string) {
  const invalidate = useInvalidateSites(merchantId);
  return useMutation({
    mutationFn: (body: SiteInternalSettingsBody) =>
      apiRequest<SiteInternalSettings>('PUT', `${sitePath(merchantId, siteId)}/internal`, body),
    onSuccess: invalidate,
  });
}

export function useRotateIntegrationSecret(merchantId: string, siteId: string) {
  const invalidate = useInvalidateSites(merchantId);
  return useMutation({
    mutationFn: (kind: 'push' | 'pull') =>
      apiRequest<ResponseData<'rotateSiteIntegrationSecret'>>(
        'POST',
        `${sitePath(merchantId, siteId)}/internal/integrations/${kind}/rotate`,
      ),
    onSuccess: invalidate,
  });
}
