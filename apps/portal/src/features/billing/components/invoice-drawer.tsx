import { Alert, Button, Drawer, Group, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateTime } from '../../../components/date-time.tsx';
import { LoadingIndicator } from '../../../components/loading-indicator.tsx';
import { Money } from '../../../components/money.tsx';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { formatDate } from '../../../lib/format/dates.ts';
import { currentLocale } from '../../../lib/i18n/i18n.ts';
import { useCurrentMerchant } from '../../../lib/merchant/current-merchant.ts';
import { notify } from '../../../lib/notifications/notify.ts';
import {
  downloadInvoicePdf,
  downloadSiteBreakdown,
  type InvoiceDetail,
  type InvoiceLine,
  useInvoice,
} from '../api/invoices.ts';
import { hasPdf, hasSiteBreakdown, hostedPageOf, invoicePeriod } from './invoice-period.ts';
import { paymentMethodLabel } from './payment-method-label.ts';

interface InvoiceDrawerProps {
  merchantId: string;
  invoiceId: string | undefined;
  onClose: () => void;
}

/** One invoice: its lines, subtotal, VAT, total, what the payouts settled, what is due; the PDF to download. */
export function InvoiceDrawer({ merchantId, invoiceId, onClose }: InvoiceDrawerProps) {
  const { t } = useTranslation();
  const query = useInvoice(merchantId, invoiceId);
  return (
    <Drawer
      opened={Boolean(invoiceId)}
      onClose={onClose}
      position="right"
      size="lg"
      closeButtonProps={{ 'aria-label': t('billing.invoices.close') }}
      title={t('billing.invoices.drawerTitle', { number: query.data?.number ?? '' })}
    >
      {query.isError ? (
        <Alert color="red" title={t('billing.invoices.errors.fetch')}>
          <Button variant="default" size="xs" onClick={() => void query.refetch()}>
            {t('billing.invoices.retry')}
          </Button>
        </Alert>
      ) : !query.data ? (
        <LoadingIndicator />
      ) : (
        <InvoiceBody merchantId={merchantId} invoice={query.data} />
      )}
    </Drawer>
  );
}

export function useInvoiceDownload(merchantId: string, fetchFile = downloadInvoicePdf) {
  const { t } = useTranslation();
  const [downloading, setDownloading] = useState<string | null>(null);
  const download = async (invoice: { invoiceId: string; number: string }) => {
    setDownloading(invoice.invoiceId);
    try {
      await fetchFile(merchantId, invoice);
    } catch {
      notify(t('billing.invoices.errors.download'), 'error');
    } finally {
      setDownloading(null);
    }
  };
  return { download, downloading };
}

function lineLabel(line: InvoiceLine, t: ReturnType<typeof useTranslation>['t']): string {
  if (line.kind === 'processing-fee') return t(`billing.invoices.regions.${line.region ?? 'other'}`);
  if (line.kind === 'device-rental') return t('billing.invoices.deviceRental');
  return line.description;
}

function InvoiceBody({ merchantId, invoice }: { merchantId: string; invoice: InvoiceDetail }) {
  const { t } = useTranslation();
  const { download, downloading } = useInvoiceDownload(merchantId);
  const breakdown = useInvoiceDownload(merchantId, downloadSiteBreakdown);
  const money = (amount: number) => <Money value={{ amount, currency: invoice.currency }} />;
  const quantity = (line: InvoiceLine) =>
    line.kind === 'processing-fee'
      ? t('billing.invoices.payments', { count: line.quantity })
      : line.kind === 'device-rental'
        ? t('billing.invoices.devices', { count: line.quantity })
        : '';
  const paidBySchedule = invoice.amountPaid - invoice.settledFromPayouts;
  const zone = useCurrentMerchant()?.timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
  return (
    <Stack gap="lg">
      <Group justify="space-between" wrap="wrap">
        <Stack gap={2}>
          <Text fw={600}>{invoicePeriod(invoice)}</Text>
          <Text size="sm" c="dimmed">
            {`${t(`billing.invoices.displayTypes.${invoice.displayType}`)} · ${invoice.number}`}
          </Text>
        </Stack>
        <Group gap={6}>
          <StatusBadge family="invoice" status={invoice.status} />
          {invoice.paymentStatus === 'processing' && (
            <StatusBadge family="invoicePayment" status="processing" />
          )}
        </Group>
      </Group>
      <Group gap="xl" wrap="wrap">
        {invoice.issuedAt && (
          <Stack gap={0}>
            <Text size="sm" c="dimmed">
              {t('billing.invoices.issued')}
            </Text>
            <DateTime value={invoice.issuedAt} format="date" />
          </Stack>
        )}
        {invoice.dueAt && (
          <Stack gap={0}>
            <Text size="sm" c="dimmed">
              {t('billing.invoices.due')}
            </Text>
            <DateTime value={invoice.dueAt} format="date" />
          </Stack>
        )}
        {invoice.paymentMethod && (
          <Stack gap={0}>
            <Text size="sm" c="dimmed">
              {t('billing.invoices.paymentMethod')}
            </Text>
            <Text size="sm">
              {paymentMethodLabel(
                {
                  type: invoice.paymentMethod.type as 'card' | 'sepa_debit' | 'bacs_debit',
                  brand: invoice.paymentMethod.brand,
                  lastFour: invoice.paymentMethod.lastFour,
                },
                t,
              )}
            </Text>
          </Stack>
        )}
      </Group>
      {invoice.paymentStatus === 'processing' && invoice.paymentProcessingSince && (
        <Alert color="cyan" title={t('billing.invoices.processingTitle')}>
          {t('billing.invoices.processing', {
            date: formatDate(new Date(invoice.paymentProcessingSince), currentLocale(), zone, 'date'),
          })}
        </Alert>
      )}
      {invoice.status === 'overdue' && invoice.failureReason && invoice.paymentStatus !== 'processing' && (
        <Alert color="red" title={t('billing.invoices.overdueTitle')}>
          {t('billing.invoices.overdue', { reason: invoice.failureReason })}
        </Alert>
      )}
      <Table.ScrollContainer minWidth={300}>
        <Table aria-label={t('billing.invoices.linesLabel')} verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('billing.invoices.columns.description')}</Table.Th>
              <Table.Th>{t('billing.invoices.columns.quantity')}</Table.Th>
              <Table.Th ta="right">{t('billing.invoices.columns.amount')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {invoice.lines.map((line, index) => (
              // Lines have no id of their own; their order is fixed when the invoice is built.
              // biome-ignore lint/suspicious/noArrayIndexKey: the stored order of an issued invoice never changes
              <Table.Tr key={index}>
                <Table.Td>
                  <Text size="sm">{lineLabel(line, t)}</Text>
                  {line.volume !== null && (
                    <Text size="xs" c="dimmed">
                      {t('billing.invoices.onVolume')} {money(line.volume)}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{quantity(line)}</Text>
                </Table.Td>
                <Table.Td ta="right">{money(line.amount)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Table aria-label={t('billing.invoices.totalsLabel')} verticalSpacing={4}>
        <Table.Tbody>
          <TotalRow label={t('billing.invoices.subtotal')}>{money(invoice.subtotal)}</TotalRow>
          <TotalRow label={t('billing.invoices.vat', { percent: Number(invoice.taxPercent) })}>
            {money(invoice.tax)}
          </TotalRow>
          <TotalRow label={t('billing.invoices.total')} strong>
            {money(invoice.total)}
          </TotalRow>
          {invoice.settledFromPayouts > 0 && (
            <TotalRow label={t('billing.invoices.settledFromPayouts')}>
              {money(-invoice.settledFromPayouts)}
            </TotalRow>
          )}
          {paidBySchedule > 0 && (
            <TotalRow label={t('billing.invoices.paid')}>{money(-paidBySchedule)}</TotalRow>
          )}
          <TotalRow label={t('billing.invoices.amountDue')} strong>
            {money(invoice.amountDue)}
          </TotalRow>
        </Table.Tbody>
      </Table>
      <Group gap="sm" wrap="wrap">
        {hasPdf(invoice) && (
          <Button loading={downloading === invoice.invoiceId} onClick={() => void download(invoice)}>
            {t('billing.invoices.download')}
          </Button>
        )}
        {hasSiteBreakdown(invoice) && (
          <Button
            variant="default"
            loading={breakdown.downloading === invoice.invoiceId}
            onClick={() => void breakdown.download(invoice)}
          >
            {t('billing.invoices.siteBreakdown')}
          </Button>
        )}
        {hostedPageOf(invoice) && (
          <Button
            component="a"
            href={hostedPageOf(invoice) ?? undefined}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={t('billing.invoices.openStripe', { number: invoice.number })}
          >
            {t('billing.invoices.stripePage')}
          </Button>
        )}
      </Group>
    </Stack>
  );
}

function TotalRow({
  label,
  strong = false,
  children,
}: {
  label: string;
  strong?: boolean;
  children: React.ReactNode;
}) {
  return (
    <Table.Tr>
      <Table.Th scope="row" fw={strong ? 700 : 400}>
        {label}
      </Table.Th>
      <Table.Td ta="right" fw={strong ? 700 : 400}>
        {children}
      </Table.Td>
    </Table.Tr>
  );
}
