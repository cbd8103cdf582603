import { Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Page } from '../../../components/page.tsx';
import { useCurrentMerchant } from '../../../lib/merchant/current-merchant.ts';

/** Shows what GET /api/merchants already serves; editing is its own issue. */
export default function CompanySettingsScreen() {
  const { t } = useTranslation();
  const merchant = useCurrentMerchant();
  if (!merchant) return <Page titleKey="routes.company-settings" />;
  const rows: [string, string][] = [
    [t('merchant.legalEntityName'), merchant.legalEntityName],
    [t('merchant.status'), t(`merchant.statuses.${merchant.status}`)],
    [t('merchant.verification'), merchant.kycOnboardingStatus],
    [t('merchant.country'), merchant.country],
    [t('merchant.currency'), merchant.currency],
    [t('merchant.timeZone'), merchant.timeZone],
  ];
  return (
    <Page titleKey="routes.company-settings">
      <Table variant="vertical" withTableBorder maw={640}>
        <Table.Tbody>
          {rows.map(([label, value]) => (
            <Table.Tr key={label}>
              <Table.Th w={220}>{label}</Table.Th>
              <Table.Td>{value}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Page>
  );
}
