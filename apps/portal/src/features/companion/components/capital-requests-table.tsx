import { Alert, Button, Group, Stack, Text, Textarea, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { DataTable } from '../../../components/data-table.tsx';
import { DateTime } from '../../../components/date-time.tsx';
import { Money } from '../../../components/money.tsx';
import { isApiError } from '../../../lib/api/api-error.ts';
import { formatMoney } from '../../../lib/format/money.ts';
import { currentLocale } from '../../../lib/i18n/i18n.ts';
import { useCurrentMerchant } from '../../../lib/merchant/current-merchant.ts';
import { notify } from '../../../lib/notifications/notify.ts';
import { type CapitalRequest, useCapitalRequests, useDecideCapitalRequest } from '../api/capital.ts';

const REASON_MAX = 500;

/**
 * Staff see the capital requests a merchant made from the companion app (issue 14 §1), newest first, and decide
 * the open one (decision 0086): approve, or decline with the reason the owners are e-mailed.
 */
export function CapitalRequestsTable({ merchantId }: { merchantId: string }) {
  const { t } = useTranslation();
  const companyName = useCurrentMerchant()?.legalEntityName ?? '';
  const requests = useCapitalRequests(merchantId);
  const decide = useDecideCapitalRequest(merchantId);
  const [deciding, setDeciding] = useState<{
    request: CapitalRequest;
    decision: 'approve' | 'decline';
  } | null>(null);
  const [reason, setReason] = useState('');
  const money = (request: CapitalRequest, amount: number) =>
    formatMoney({ amount, currency: request.currency }, currentLocale());
  const open = (request: CapitalRequest, decision: 'approve' | 'decline') => {
    decide.reset();
    setReason('');
    setDeciding({ request, decision });
  };
  const failure =
    decide.error &&
    t(
      isApiError(decide.error) && decide.error.code === 'CAPITAL_REQUEST_DECIDED'
        ? 'companion.capital.alreadyDecided'
        : 'companion.capital.decideFailed',
    );
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
            // Who asked sits under when (a column of its own pushed the decision buttons out of view at 1280 px).
            render: (request) => (
              <Stack gap={2}>
                <DateTime value={request.requestedAt} />
                <Text size="sm" c="dimmed">
                  {request.requestedBy}
                </Text>
              </Stack>
            ),
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
            accessor: 'volume90Days',
            title: t('companion.capital.volume'),
            textAlign: 'right',
            render: (request) => (
              <Money value={{ amount: request.volume90Days, currency: request.currency }} />
            ),
          },
          {
            accessor: 'status',
            title: t('companion.capital.status'),
            // The decision buttons of an open request sit under its status.
            render: (request) => (
              <Stack gap={4} align="flex-start">
                <span>{t(`companion.capital.statusValues.${request.status}`)}</span>
                {request.decidedAt && <DateTime value={request.decidedAt} />}
                {request.declineReason && <span>{request.declineReason}</span>}
                {request.status === 'requested' && (
                  <Group gap="xs">
                    <Button size="xs" onClick={() => open(request, 'approve')}>
                      {t('companion.capital.approve')}
                    </Button>
                    <Button size="xs" variant="outline" color="red" onClick={() => open(request, 'decline')}>
                      {t('companion.capital.decline')}
                    </Button>
                  </Group>
                )}
              </Stack>
            ),
          },
        ]}
      />
      <ConfirmDialog
        opened={deciding !== null}
        onClose={() => setDeciding(null)}
        title={t(
          deciding?.decision === 'decline'
            ? 'companion.capital.declineTitle'
            : 'companion.capital.approveTitle',
        )}
        confirmLabel={t(
          deciding?.decision === 'decline' ? 'companion.capital.decline' : 'companion.capital.approve',
        )}
        danger={deciding?.decision === 'decline'}
        loading={decide.isPending}
        onConfirm={() => {
          if (!deciding) return;
          if (deciding.decision === 'decline' && reason.trim() === '') return;
          return decide
            .mutateAsync({
              requestId: deciding.request.requestId,
              decision: deciding.decision,
              ...(deciding.decision === 'decline' ? { reason: reason.trim() } : {}),
            })
            .then(
              () => {
                setDeciding(null);
                notify(t('companion.capital.decidedOk'));
              },
              () => undefined,
            );
        }}
        footer={
          <Stack gap="xs">
            {deciding?.decision === 'decline' && (
              <Textarea
                label={t('companion.capital.reason')}
                required
                rows={3}
                maxLength={REASON_MAX}
                value={reason}
                onChange={(event) => setReason(event.currentTarget.value)}
              />
            )}
            {failure && (
              <Alert color="red" role="alert">
                {failure}
              </Alert>
            )}
          </Stack>
        }
      >
        {deciding &&
          t(
            deciding.decision === 'decline'
              ? 'companion.capital.declineBody'
              : 'companion.capital.approveBody',
            {
              company: companyName,
              amount: money(deciding.request, deciding.request.amount),
              fee: money(deciding.request, deciding.request.fee),
            },
          )}
      </ConfirmDialog>
    </Stack>
  );
}
