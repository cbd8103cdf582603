import { Anchor, Drawer, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DataTable } from '../../../components/data-table.tsx';
import { DateTime } from '../../../components/date-time.tsx';
import { LoadingIndicator } from '../../../components/loading-indicator.tsx';
import { Money } from '../../../components/money.tsx';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { pathTo } from '../../../lib/paths.ts';
import { type TransactionDetail, useTransaction } from '../api/get-transaction.ts';
import { useTransactionPermissions } from '../use-transaction-permissions.ts';
import { ReceiptButton } from './receipt-dialog.tsx';
import { RefundButton } from './refund-dialog.tsx';

interface TransactionDrawerProps {
  merchantId: string;
  transactionId: string | undefined;
  onClose: () => void;
}

/** One transaction: every PSP event with its time, the refunds and their states, what is left to refund, payouts. */
export function TransactionDrawer({ merchantId, transactionId, onClose }: TransactionDrawerProps) {
  const { t } = useTranslation();
  const query = useTransaction(merchantId, transactionId);
  const detail = query.data;
  return (
    <Drawer
      opened={Boolean(transactionId)}
      onClose={onClose}
      position="right"
      size="lg"
      closeButtonProps={{ 'aria-label': t('transactions.drawer.close') }}
      title={t('transactions.drawer.title', { reference: detail?.transaction.pspReference ?? '' })}
    >
      {!detail ? <LoadingIndicator /> : <DetailBody merchantId={merchantId} detail={detail} />}
    </Drawer>
  );
}

function DetailBody({ merchantId, detail }: { merchantId: string; detail: TransactionDetail }) {
  const { t } = useTranslation();
  const can = useTransactionPermissions();
  const tx = detail.transaction;
  return (
    <Stack gap="lg">
      <Group justify="space-between" wrap="wrap">
        <Money fz="xl" fw={700} value={{ amount: tx.amount + tx.tipAmount, currency: tx.currency }} />
        <StatusBadge family="transaction" status={tx.status} />
      </Group>
      <Stack gap={4}>
        <DateTime value={tx.createdAt} />
        <Text size="sm" c="dimmed">
          {t(`transactions.sources.${tx.source}`)} · {tx.siteName}
          {tx.deviceLabel ? ` · ${tx.deviceLabel}` : ''}
          {tx.card.lastFour ? ` · ${tx.card.scheme ?? ''} •••• ${tx.card.lastFour}` : ''}
        </Text>
        {tx.merchantReference && (
          <Text size="sm">
            {t('transactions.drawer.merchantReference')}: {tx.merchantReference}
          </Text>
        )}
        <Group>
          <ReceiptButton merchantId={merchantId} transactionId={tx.id} />
        </Group>
      </Stack>
      <Group justify="space-between" wrap="wrap">
        <Group gap="xs">
          <Text fw={500}>{t('transactions.drawer.refundable')}:</Text>
          <Money value={{ amount: detail.refundableAmount, currency: tx.currency }} />
        </Group>
        {can.refund(tx.siteId) && detail.refundableAmount > 0 && (
          <RefundButton
            merchantId={merchantId}
            transactionId={tx.id}
            refundable={detail.refundableAmount}
            currency={tx.currency}
          />
        )}
      </Group>
      <Stack gap="xs">
        <Title order={3} size="h5">
          {t('transactions.drawer.events')}
        </Title>
        <DataTable
          label={t('transactions.drawer.events')}
          idAccessor={(event) => `${event.pspReference}-${event.eventCode}-${event.success}`}
          records={detail.events}
          empty={{ text: t('transactions.drawer.noEvents') }}
          maxHeight={320}
          columns={[
            {
              accessor: 'eventDate',
              title: t('transactions.time'),
              render: (e) => <DateTime value={e.eventDate} />,
            },
            { accessor: 'eventCode', title: t('transactions.drawer.event') },
            {
              accessor: 'success',
              title: t('transactions.drawer.result'),
              render: (e) => t(e.success ? 'transactions.drawer.succeeded' : 'transactions.drawer.failed'),
            },
            {
              accessor: 'amount',
              title: t('transactions.amount'),
              textAlign: 'right',
              render: (e) => <Money value={{ amount: e.amount, currency: e.currency }} />,
            },
          ]}
        />
      </Stack>
      <Stack gap="xs">
        <Title order={3} size="h5">
          {t('transactions.drawer.refunds')}
        </Title>
        <DataTable
          label={t('transactions.drawer.refunds')}
          idAccessor="id"
          records={detail.refunds}
          empty={{ text: t('transactions.drawer.noRefunds') }}
          maxHeight={320}
          columns={[
            {
              accessor: 'createdAt',
              title: t('transactions.time'),
              render: (r) => <DateTime value={r.createdAt} />,
            },
            {
              accessor: 'amount',
              title: t('transactions.amount'),
              textAlign: 'right',
              render: (r) => <Money value={{ amount: r.amount, currency: r.currency }} />,
            },
            {
              accessor: 'status',
              title: t('transactions.status'),
              render: (r) => t(`transactions.drawer.refundStatus.${r.status}`),
            },
            {
              accessor: 'failureReason',
              title: t('transactions.drawer.reason'),
              render: (r) => r.failureReason ?? '',
            },
          ]}
        />
      </Stack>
      <Stack gap="xs">
        <Title order={3} size="h5">
          {t('transactions.drawer.payouts')}
        </Title>
        {detail.payoutIds.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('transactions.drawer.notSettled')}
          </Text>
        ) : (
          detail.payoutIds.map((payoutId) => (
            <Anchor key={payoutId} component={Link} to={pathTo('payout-details', { payoutId })}>
              {payoutId}
            </Anchor>
          ))
        )}
      </Stack>
    </Stack>
  );
}
