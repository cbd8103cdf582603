import type { CreateReportInput } from '@mp/domain/schemas/report';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { operations } from '../../../lib/api/generated/schema.d.ts';
import { apiRequest } from '../../../lib/api/request.ts';

type Created = operations['createReport']['responses'][202]['content']['application/json']['data'];

/** POST /v1/merchants/{id}/reports (Report:CreateReport): answers at once with the new report's id. */
export function createReport(merchantId: string, input: CreateReportInput): Promise<Created> {
  return apiRequest('POST', `/v1/merchants/${encodeURIComponent(merchantId)}/reports`, input);
}

export function useCreateReport(merchantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateReportInput) => createReport(merchantId, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['reports', merchantId] }),
  });
}
