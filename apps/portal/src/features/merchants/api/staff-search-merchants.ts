import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { auditLogKey } from '../../../components/audit-log/audit-page.ts';
import type { ResponseData } from '../../../lib/api/operations.ts';
import { apiRequest } from '../../../lib/api/request.ts';
import { personName } from '../../../lib/format/person-name.ts';

export type FoundMerchant = ResponseData<'staffSearchMerchants'>[number];

/** GET /v1/merchants/staff-search?name= (staff only; the search itself is audited on the server). */
export function staffSearchMerchants(name: string): Promise<FoundMerchant[]> {
  return apiRequest('GET', `/v1/merchants/staff-search?${new URLSearchParams({ name })}`);
}

export function staffSearchQueryOptions(name: string) {
  return queryOptions({
    queryKey: ['staff-search', name],
    queryFn: () => staffSearchMerchants(name),
    enabled: name.trim() !== '',
  });
}

/** The path of staff's own audit log, where each search is recorded (components/audit-log). */
export const STAFF_AUDIT_LOG_PATH = '/v1/staff/audit-log';

/**
 * GET /v1/staff/audit-log/people: who appears in staff's log, as the person filter's choices (a name, else the
 * e-mail). Under the log's query key, so a search (a new entry, maybe by someone new to the log) reads it again.
 */
export function useStaffAuditPeople() {
  const query = useQuery({
    queryKey: [...auditLogKey(STAFF_AUDIT_LOG_PATH), 'people'],
    queryFn: () => apiRequest<ResponseData<'listStaffAuditPeople'>>('GET', `${STAFF_AUDIT_LOG_PATH}/people`),
  });
  return (query.data ?? []).map((person) => ({
    userId: person.userId,
    label: personName(person) || person.userId,
  }));
}

/** A search's results; each answer is a new entry of staff's audit log, so a log on screen is read again. */
export function useStaffSearchMerchants(name: string) {
  const queryClient = useQueryClient();
  const search = useQuery(staffSearchQueryOptions(name));
  useEffect(() => {
    if (search.dataUpdatedAt > 0)
      void queryClient.invalidateQueries({ queryKey: auditLogKey(STAFF_AUDIT_LOG_PATH) });
  }, [search.dataUpdatedAt, queryClient]);
  return search;
}
