import { Alert, Button, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { Money } from '../../../components/money.tsx';
import { StatCard } from '../../../components/stat-card.tsx';
import { isApiError } from '../../../lib/api/api-error.ts';
import { formatDate } from '../../../lib/format/dates.ts';
import { formatMoney } from '../../../lib/format/money.ts';
import { currentLocale } from '../../../lib/i18n/i18n.ts';
import { notify } from '../../../lib/notifications/notify.ts';
import type { CapitalOffer } from '../api/capital.ts';
import { useRequestCapital } from '../api/capital.ts';

const day = (value: string) => formatDate(`${value}T00:00:00Z`, currentLocale(), 'UTC');

/** The refusals of POST …/capital/requests, each with its own sentence. */
const REQUEST_ERRORS: Record<string, string> = {
  CAPITAL_OFFER_CHANGED: 'companion.capital.offerChanged',
  CAPITAL_REQUEST_OPEN: 'companion.capital.requestOpen',
  CAPITAL_NOT_ELIGIBLE: 'companion.capital.notEligible',
};

/** Issue 14 §1: the offer (or why there is none), and the request, asked for through a confirm dialog. */
export function CapitalOfferCard({ merchantId, data }: { merchantId: string; data: CapitalOffer }) {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  const request = useRequestCapital(merchantId);
  const money = (amount: number) => formatMoney({ amount, currency: data.currency }, currentLocale());
  const requestError =
    request.error &&
    t(
      REQUEST_ERRORS[isApiError(request.error) ? request.error.code : ''] ??
        'companion.capital.requestFailed',
    );

  return (
    <Stack gap="md">
      <Text c="dimmed">{t('companion.capital.basedOn', { from: day(data.from), to: day(data.to) })}</Text>
      <StatCard
        label={t('companion.capital.volume')}
        value={<Money value={{ amount: data.volume, currency: data.currency }} />}
      />
      {!data.openRequest && data.latestRequest?.decidedAt && (
        <Alert
          color={data.latestRequest.status === 'approved' ? 'green' : 'orange'}
          data-testid="capital-decision"
        >
          {t(
            data.latestRequest.status === 'approved'
              ? 'companion.capital.approved'
              : 'companion.capital.declined',
            {
              amount: money(data.latestRequest.amount),
              requested: formatDate(data.latestRequest.requestedAt, currentLocale(), 'UTC'),
              date: formatDate(data.latestRequest.decidedAt, currentLocale(), 'UTC'),
              reason: data.latestRequest.declineReason ?? '',
            },
          )}
        </Alert>
      )}
      {data.offer ? (
        <Stack gap="sm">
          <Title order={2} size="h3">
            {t('companion.capital.offerTitle')}
          </Title>
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            <StatCard
              label={t('companion.capital.amount')}
              value={<Money value={{ amount: data.offer.amount, currency: data.currency }} />}
            />
            <StatCard
              label={t('companion.capital.fee')}
              value={<Money value={{ amount: data.offer.fee, currency: data.currency }} />}
            />
            <StatCard
              label={t('companion.capital.total')}
              value={<Money value={{ amount: data.offer.totalRepayable, currency: data.currency }} />}
            />
            <StatCard
              label={t('companion.capital.repayment')}
              value={t('companion.capital.repaymentValue', {
                percent: new Intl.NumberFormat(currentLocale(), { style: 'percent' }).format(
                  data.offer.repaymentBasisPoints / 10_000,
                ),
              })}
            />
          </SimpleGrid>
          <Text size="sm" c="dimmed">
            {t('companion.capital.estimate', { days: data.offer.estimatedRepaymentDays })}
          </Text>
          {data.openRequest ? (
            <Alert color="blue">
              {t('companion.capital.openRequest', {
                amount: money(data.openRequest.amount),
                date: formatDate(data.openRequest.requestedAt, currentLocale(), 'UTC'),
              })}
            </Alert>
          ) : (
            <Group wrap="wrap">
              <Button onClick={() => setConfirming(true)}>
                {t('companion.capital.request', { amount: money(data.offer.amount) })}
              </Button>
            </Group>
          )}
          {requestError && <Alert color="red">{requestError}</Alert>}
          <ConfirmDialog
            opened={confirming}
            onClose={() => setConfirming(false)}
            title={t('companion.capital.confirmTitle')}
            confirmLabel={t('companion.capital.confirm')}
            loading={request.isPending}
            onConfirm={() =>
              request.mutateAsync(data.offer?.amount ?? 0).then(
                () => {
                  setConfirming(false);
                  notify(t('companion.capital.requested'));
                },
                () => setConfirming(false),
              )
            }
          >
            {t('companion.capital.confirmBody', {
              amount: money(data.offer.amount),
              fee: money(data.offer.fee),
            })}
          </ConfirmDialog>
        </Stack>
      ) : (
        <Alert color="gray">
          {data.reason === 'below-threshold'
            ? t('companion.capital.belowThreshold', {
                threshold: money(data.threshold),
                volume: money(data.volume),
              })
            : t('companion.capital.notActive')}
        </Alert>
      )}
    </Stack>
  );
}
