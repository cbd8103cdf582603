import { Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/data-table.tsx';
import { DateTime } from '../../../components/date-time.tsx';
import { Money } from '../../../components/money.tsx';
import { currentLocale } from '../../../lib/i18n/i18n.ts';
import { type CapitalRequest, useCapitalRequests } from '../api/capital.ts';

/** Staff see the capital requests a merchant made from the companion app (issue 14 §1), newest first. */
export function CapitalRequestsTable({ merchantId }: { merchantId: string }) {
  const { t } = useTranslation();
  const requests = useCapitalRequests(merchantId);
  const percent = (basisPoints: number) =>
    new Intl.NumberFormat(currentLocale(), { style: 'percent' }).format(basisPoints / 10_000);
  return (
    <Stack gap="sm" component="section" aria-labelledby="capital-requests-title">
      <Title order={2} size="h4" id="capital-requests-title">
        {t('companion.capital.staffTitle')}
      </Title>
      <DataTable<CapitalRequest>
        label={t('companion.capital.staffTitle')}
        idAccessor="requestId"
        records={requests.data}
        error={requests.error}
        onRetry={() => void requests.refetch()}
        empty={{ text: t('companion.capital.staffNone') }}
        columns={[
          {
            accessor: 'requestedAt',
            title: t('companion.capital.requestedAt'),
            render: (request) => <DateTime value={request.requestedAt} />,
          },
          {
            accessor: 'amount',
            title: t('companion.capital.amount'),
            textAlign: 'right',
            render: (request) => <Money value={{ amount: request.amount, currency: request.currency }} />,
          },
          {
            accessor: 'fee',
            title: t('companion.capital.fee'),
            textAlign: 'right',
            render: (request) => <Money value={{ amount: request.fee, currency: request.currency }} />,
          },
          {
            accessor: 'repaymentBasisPoints',
            title: t('companion.capital.repayment'),
            render: (request) => percent(request.repaymentBasisPoints),
          },
          {
            accessor: 'volume90Days',
            title: t('companion.capital.volume'),
            textAlign: 'right',
            render: (request) => (
              <Money value={{ amount: request.volume90Days, currency: request.currency }} />
            ),
          },
          { accessor: 'requestedBy', title: t('companion.capital.requestedBy') },
          {
            accessor: 'status',
            title: t('companion.capital.status'),
            render: (request) => t(`companion.capital.statusValues.${request.status}`),
          },
        ]}
      />
    </Stack>
  );
}
