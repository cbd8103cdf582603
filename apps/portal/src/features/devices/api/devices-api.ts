import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiErrorFrom } from '../../../lib/api/api-error.ts';
import { authFetch } from '../../../lib/api/auth-fetch.ts';
import type { RequestBody, ResponseData } from '../../../lib/api/operations.ts';
import { apiRequest, apiUrl } from '../../../lib/api/request.ts';

export type Device = ResponseData<'assignDevice'>;
export type DeviceOrderOptions = ResponseData<'getDeviceOrderOptions'>;
export type DeviceOrderBody = RequestBody<'orderDevices'>;
export interface DevicePage {
  data: Device[];
  pageNumber: number;
  pageSize: number;
  total: number;
}

const merchantPath = (merchantId: string) => `/merchants/${encodeURIComponent(merchantId)}`;

/** GET /merchants/{id}/devices answers the page facts beside `data`, so it is read whole. */
async function listDevices(
  merchantId: string,
  query: { siteId?: string; pageNumber: number; search?: string },
) {
  const params = new URLSearchParams({ pageNumber: String(query.pageNumber) });
  if (query.siteId) params.set('siteId', query.siteId);
  if (query.search) params.set('search', query.search);
  const response = await authFetch(new Request(apiUrl(`${merchantPath(merchantId)}/devices?${params}`)));
  if (!response.ok) throw await apiErrorFrom(response);
  return (await response.json()) as DevicePage;
}

export const devicesQueryOptions = (
  merchantId: string,
  query: { siteId?: string; pageNumber: number; search?: string },
) =>
  queryOptions({
    queryKey: ['devices', merchantId, 'list', query],
    queryFn: () => listDevices(merchantId, query),
    placeholderData: keepPreviousData,
  });

export const orderOptionsQueryOptions = (merchantId: string) =>
  queryOptions({
    queryKey: ['devices', merchantId, 'order-options'],
    queryFn: () => apiRequest<DeviceOrderOptions>('GET', `${merchantPath(merchantId)}/devices/order-options`),
  });

export const useOrderOptions = (merchantId: string) => useQuery(orderOptionsQueryOptions(merchantId));

/**
 * POST /merchants/{id}/devices. The order flow makes one Idempotency-Key when it opens, so a double click, or
 * placing it again after an answer that was lost, never orders twice.
 */
export function useOrderDevices(merchantId: string) {
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: DeviceOrderBody; idempotencyKey: string }) =>
      apiRequest<ResponseData<'orderDevices'>>('POST', `${merchantPath(merchantId)}/devices`, body, {
        'Idempotency-Key': idempotencyKey,
      }),
  });
}

/** POST /v1/merchants/{id}/sites/{siteId}/assign-device: any status below 400 is success (SPEC §7). */
export function useAssignDevice(merchantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ siteId, otp }: { siteId: string; otp: string }) =>
      apiRequest<Device>(
        'POST',
        `/v1${merchantPath(merchantId)}/sites/${encodeURIComponent(siteId)}/assign-device`,
        { otp },
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['devices', merchantId] }),
  });
}

export type DeviceDetail = ResponseData<'getDevice'>;

const devicePath = (merchantId: string, siteId: string, deviceId: string) =>
  `/v1${merchantPath(merchantId)}/sites/${encodeURIComponent(siteId)}/devices/${encodeURIComponent(deviceId)}`;

export const deviceQueryOptions = (merchantId: string, siteId: string, deviceId: string) =>
  queryOptions({
    queryKey: ['devices', merchantId, 'detail', siteId, deviceId],
    queryFn: () => apiRequest<DeviceDetail>('GET', devicePath(merchantId, siteId, deviceId)),
  });

/** GET /v1/merchants/{id}/sites/{siteId}/devices/{deviceId}: the device with its recent transactions. */
export function useDevice(merchantId: string, opened: { siteId: string; deviceId: string } | undefined) {
  return useQuery({
    ...deviceQueryOptions(merchantId, opened?.siteId ?? '', opened?.deviceId ?? ''),
    enabled: merchantId !== '' && opened !== undefined,
  });
}

/** PATCH …/devices/{deviceId} {label}: audited by the API; the list and the detail are read again. */
export function useRenameDevice(merchantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ siteId, deviceId, label }: { siteId: string; deviceId: string; label: string }) =>
      apiRequest<Device>('PATCH', devicePath(merchantId, siteId, deviceId), { label }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['devices', merchantId] }),
  });
}
