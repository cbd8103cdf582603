import { Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { DataTable } from '../../../components/data-table.tsx';
import { Money } from '../../../components/money.tsx';
import { Page } from '../../../components/page.tsx';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { useCurrentMerchant } from '../../../lib/merchant/current-merchant.ts';
import { downloadSiteBreakdown, type Invoice, useInvoices } from '../api/invoices.ts';
import { InvoiceDrawer, useInvoiceDownload } from '../components/invoice-drawer.tsx';
import { hasPdf, hasSiteBreakdown, hostedPageOf, invoicePeriod } from '../components/invoice-period.ts';

/**
 * /billing/invoices (Billing_ListInvoices): newest first, each with its display type (decision 0091: the monthly
 * summary, a one-off invoice, …), status, total and amount due; a row opens the invoice (`?invoice=`); each row
 * offers what its type has: our PDF, the per-site CSV, Stripe's hosted invoice page (a new tab).
 */
export default function InvoicesScreen() {
  const { t } = useTranslation();
  const merchantId = useCurrentMerchant()?.merchantId ?? '';
  const invoices = useInvoices(merchantId);
  const { download, downloading } = useInvoiceDownload(merchantId);
  const breakdown = useInvoiceDownload(merchantId, downloadSiteBreakdown);
  const [searchParams, setSearchParams] = useSearchParams();
  const openId = searchParams.get('invoice') ?? undefined;
  const setOpen = (id: string | undefined) =>
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (id) next.set('invoice', id);
        else next.delete('invoice');
        return next;
      },
      { replace: true },
    );

  return (
    <Page titleKey="routes.invoices">
      <DataTable<Invoice>
        label={t('billing.invoices.tableLabel')}
        idAccessor="invoiceId"
        records={invoices.data}
        loading={invoices.isPending}
        fetching={invoices.isFetching}
        error={invoices.error}
        onRetry={() => void invoices.refetch()}
        empty={{ text: t('billing.invoices.empty') }}
        onRowClick={(invoice) => setOpen(invoice.invoiceId)}
        columns={[
          {
            accessor: 'periodStart',
            title: t('billing.invoices.columns.period'),
            render: (invoice) => invoicePeriod(invoice),
          },
          {
            accessor: 'displayType',
            title: t('billing.invoices.columns.type'),
            render: (invoice) => t(`billing.invoices.displayTypes.${invoice.displayType}`),
          },
          { accessor: 'number', title: t('billing.invoices.columns.number') },
          {
            accessor: 'status',
            title: t('billing.invoices.columns.status'),
            render: (invoice) => (
              <Group gap={6} wrap="wrap">
                <StatusBadge family="invoice" status={invoice.status} />
                {/* A Direct Debit waiting for the bank (decision 0078). */}
                {invoice.paymentStatus === 'processing' && (
                  <StatusBadge family="invoicePayment" status="processing" />
                )}
              </Group>
            ),
          },
          {
            accessor: 'total',
            title: t('billing.invoices.columns.total'),
            textAlign: 'right',
            render: (invoice) => <Money value={{ amount: invoice.total, currency: invoice.currency }} />,
          },
          {
            accessor: 'amountDue',
            title: t('billing.invoices.columns.amountDue'),
            textAlign: 'right',
            render: (invoice) => <Money value={{ amount: invoice.amountDue, currency: invoice.currency }} />,
          },
          {
            accessor: 'invoiceId',
            title: t('billing.invoices.columns.actions'),
            textAlign: 'right',
            render: (invoice) => (
              <Group gap={6} justify="flex-end" wrap="nowrap">
                {hasPdf(invoice) && (
                  <Button
                    size="xs"
                    variant="default"
                    loading={downloading === invoice.invoiceId}
                    aria-label={t('billing.invoices.downloadOne', { number: invoice.number })}
                    onClick={(event) => {
                      event.stopPropagation();
                      void download(invoice);
                    }}
                  >
                    {t('billing.invoices.pdf')}
                  </Button>
                )}
                {hasSiteBreakdown(invoice) && (
                  <Button
                    size="xs"
                    variant="default"
                    loading={breakdown.downloading === invoice.invoiceId}
                    aria-label={t('billing.invoices.downloadCsv', { number: invoice.number })}
                    onClick={(event) => {
                      event.stopPropagation();
                      void breakdown.download(invoice);
                    }}
                  >
                    {t('billing.invoices.csv')}
                  </Button>
                )}
                {hostedPageOf(invoice) && (
                  <Button
                    component="a"
                    size="xs"
                    variant="default"
                    href={hostedPageOf(invoice) ?? undefined}
                    target="_blank"
                    rel="noopener noreferrer"
                    aria-label={t('billing.invoices.openStripe', { number: invoice.number })}
                    onClick={(event) => event.stopPropagation()}
                  >
                    {t('billing.invoices.stripePage')}
                  </Button>
                )}
              </Group>
            ),
          },
        ]}
      />
      <InvoiceDrawer merchantId={merchantId} invoiceId={openId} onClose={() => setOpen(undefined)} />
    </Page>
  );
}
