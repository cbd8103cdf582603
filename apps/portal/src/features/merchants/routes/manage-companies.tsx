import { Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Page } from '../../../components/page.tsx';
import { useSession } from '../../../lib/session/use-session.ts';
import { useMerchantContext } from '../merchant-context.ts';

/** The user's companies as GET /api/merchants returns them; staff search and transfer are their own issue. */
export default function ManageCompaniesScreen() {
  const { t } = useTranslation();
  const userId = useSession()?.user.id ?? '';
  const { merchants } = useMerchantContext(userId);
  return (
    <Page titleKey="routes.manage-companies">
      <Table withTableBorder striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('merchant.legalEntityName')}</Table.Th>
            <Table.Th>{t('merchant.status')}</Table.Th>
            <Table.Th>{t('merchant.verification')}</Table.Th>
            <Table.Th>{t('merchant.country')}</Table.Th>
            <Table.Th>{t('merchant.currency')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {merchants.map((merchant) => (
            <Table.Tr key={merchant.merchantId}>
              <Table.Td>{merchant.legalEntityName}</Table.Td>
              <Table.Td>{t(`merchant.statuses.${merchant.status}`)}</Table.Td>
              <Table.Td>{merchant.kycOnboardingStatus}</Table.Td>
              <Table.Td>{merchant.country}</Table.Td>
              <Table.Td>{merchant.currency}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Page>
  );
}
