import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/data-table.tsx';

/** What a merchant row shows; both the user's merchants and staff search results have it. */
interface MerchantTableRow {
  merchantId: string;
  legalEntityName: string;
  status: string;
  kycOnboardingStatus: string;
  country: string;
}

interface MerchantTableProps<M extends MerchantTableRow> {
  merchants: readonly M[] | undefined;
  /** The table's accessible name. */
  label: string;
  /** The last column: what the user can do with the merchant (switch to it, override into it). */
  action: (merchant: M) => ReactNode;
  /** The sentence when there is none. */
  emptyText?: string;
  error?: unknown;
  onRetry?: () => void;
}

/** Merchants by legal entity name, status, verification and country, with one action each. */
export function MerchantTable<M extends MerchantTableRow>({
  merchants,
  label,
  action,
  emptyText = '',
  error,
  onRetry,
}: MerchantTableProps<M>) {
  const { t } = useTranslation();
  return (
    <DataTable<M>
      label={label}
      records={merchants}
      idAccessor="merchantId"
      error={error}
      onRetry={onRetry}
      empty={{ text: emptyText }}
      columns={[
        { accessor: 'legalEntityName', title: t('merchant.legalEntityName') },
        {
          accessor: 'status',
          title: t('merchant.status'),
          render: (m) => t(`merchant.statuses.${m.status}`),
        },
        {
          accessor: 'kycOnboardingStatus',
          title: t('merchant.verification'),
          render: (m) => t(`access.companies.kyc.${m.kycOnboardingStatus}`),
        },
        { accessor: 'country', title: t('merchant.country') },
        { accessor: 'actions', title: '', textAlign: 'right', render: (m) => action(m) },
      ]}
    />
  );
}
