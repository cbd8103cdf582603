import { Table } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** What a merchant row shows; both the user's merchants and staff search results have it. */
interface MerchantTableRow {
  merchantId: string;
  legalEntityName: string;
  status: string;
  kycOnboardingStatus: string;
  country: string;
}

interface MerchantTableProps<M extends MerchantTableRow> {
  merchants: readonly M[];
  /** The table's accessible name. */
  label: string;
  /** The last column: what the user can do with the merchant (switch to it, override into it). */
  action: (merchant: M) => ReactNode;
}

/** Merchants by legal entity name, status, verification and country, with one action each. */
export function MerchantTable<M extends MerchantTableRow>({
  merchants,
  label,
  action,
}: MerchantTableProps<M>) {
  const { t } = useTranslation();
  return (
    <Table withTableBorder striped aria-label={label}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('merchant.legalEntityName')}</Table.Th>
          <Table.Th>{t('merchant.status')}</Table.Th>
          <Table.Th>{t('merchant.verification')}</Table.Th>
          <Table.Th>{t('merchant.country')}</Table.Th>
          <Table.Th />
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {merchants.map((merchant) => (
          <Table.Tr key={merchant.merchantId}>
            <Table.Td>{merchant.legalEntityName}</Table.Td>
            <Table.Td>{t(`merchant.statuses.${merchant.status}`)}</Table.Td>
            <Table.Td>{t(`access.companies.kyc.${merchant.kycOnboardingStatus}`)}</Table.Td>
            <Table.Td>{merchant.country}</Table.Td>
            <Table.Td>{action(merchant)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
