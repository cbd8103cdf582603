import { Stack } from '@mantine/core';
import { StaffRouteCounts } from '../../features/analytics/components/staff-route-counts.tsx';
import { StaffAuditLog } from '../../features/merchants/components/staff-audit-log.tsx';
import { StaffDeals } from '../../features/merchants/components/staff-deals.tsx';
import ManageCompanies from '../../features/merchants/routes/manage-companies.tsx';
import { isStaffUser } from '../../lib/session/session-store.ts';
import { useSession } from '../../lib/session/use-session.ts';

/**
 * /companies, and for staff their deals (decision 0079), their audit log on no merchant and the page views per route
 * under it (issue 14 §3).
 */
export default function ManageCompaniesWithAnalytics() {
  const staff = isStaffUser(useSession()?.user);
  return (
    <Stack gap="xl">
      <ManageCompanies />
      {staff && <StaffDeals />}
      {staff && <StaffAuditLog />}
      {staff && <StaffRouteCounts />}
    </Stack>
  );
}
