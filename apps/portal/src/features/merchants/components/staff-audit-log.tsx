import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { AuditLog } from '../../../components/audit-log/audit-log.tsx';
import { currentLocale } from '../../../lib/i18n/i18n.ts';
import { STAFF_AUDIT_LOG_PATH, useStaffAuditPeople } from '../api/staff-search-merchants.ts';

/**
 * Staff's own audit log on Company › Manage companies: what staff did on no merchant (searches across merchants,
 * deals), in the reader's zone, filtered by date and by the people who appear in it. What staff do inside a
 * merchant is in that merchant's log. The API answers staff only.
 */
export function StaffAuditLog() {
  const { t } = useTranslation();
  const people = useStaffAuditPeople();
  return (
    <Stack component="section" gap="sm" aria-labelledby="staff-audit-title">
      <Title order={2} size="h3" id="staff-audit-title">
        {t('access.audit.staffTitle')}
      </Title>
      <Text c="dimmed">{t('access.audit.staffIntro')}</Text>
      <AuditLog
        path={STAFF_AUDIT_LOG_PATH}
        label={t('access.audit.staffTitle')}
        timeZone={Intl.DateTimeFormat().resolvedOptions().timeZone}
        locale={currentLocale()}
        people={people}
      />
    </Stack>
  );
}
