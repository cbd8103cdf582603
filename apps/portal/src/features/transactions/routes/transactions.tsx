import { Alert, Stack, Text } from '@mantine/core';
import { PAYMENT_SOURCES, TRANSACTION_STATUSES } from '@mp/domain/enums';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { DataTable } from '../../../components/data-table.tsx';
import { FilterBar } from '../../../components/filter-bar.tsx';
import { Page } from '../../../components/page.tsx';
import { useUrlFilters } from '../../../components/use-url-filters.ts';
import { useCurrentMerchant } from '../../../lib/merchant/current-merchant.ts';
import { useTransactionsByPsp } from '../api/find-transactions-by-psp.ts';
import { useTransactionSites } from '../api/list-transaction-sites.ts';
import { useTransactions } from '../api/list-transactions.ts';
import { CurrencyTotals } from '../components/currency-totals.tsx';
import { transactionColumns } from '../components/transaction-columns.tsx';
import { TransactionDrawer } from '../components/transaction-drawer.tsx';
import { transactionSearch } from '../components/transaction-search.ts';
import { LiveIndicator } from '../live/live-indicator.tsx';
import { useLiveTransactions } from '../live/use-live-transactions.ts';

const FILTERS = ['from', 'to', 'psp', 'siteId', 'status', 'source', 'card'] as const;

/** /transactions (issue 11 §2): filters in the URL, a date range or PSP references, totals per currency, a drawer. */
export default function TransactionsScreen() {
  const { t } = useTranslation();
  const merchantId = useCurrentMerchant()?.merchantId ?? '';
  const { values } = useUrlFilters(FILTERS);
  const [searchParams, setSearchParams] = useSearchParams();
  const search = transactionSearch(values);
  const sites = useTransactionSites(merchantId);
  const list = useTransactions(
    merchantId,
    search.kind === 'list' ? search.filters : {},
    search.kind === 'list',
  );
  const byPsp = useTransactionsByPsp(
    merchantId,
    search.kind === 'psp' ? search.pspReferences : [],
    search.kind === 'psp',
  );
  const live = useLiveTransactions(merchantId || undefined);
  const openId = searchParams.get('transaction') ?? undefined;
  const setOpen = (id: string | undefined) =>
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (id) next.set('transaction', id);
        else next.delete('transaction');
        return next;
      },
      { replace: true },
    );

  const firstPage = list.data?.pages[0];
  const records =
    search.kind === 'psp'
      ? // The PSP-reference search has no site parameter: a chosen site narrows its answer here.
        byPsp.data?.filter((transaction) => !values.siteId || transaction.siteId === values.siteId)
      : search.kind === 'list'
        ? list.data?.pages.flatMap((page) => page.data)
        : [];
  const active = search.kind === 'psp' ? byPsp : list;

  return (
    <Page titleKey="routes.transactions" action={<LiveIndicator status={live} />}>
      <Stack>
        <FilterBar
          fields={[
            {
              type: 'search',
              name: 'from',
              label: t('transactions.from'),
              placeholder: t('transactions.datePlaceholder'),
            },
            {
              type: 'search',
              name: 'to',
              label: t('transactions.to'),
              placeholder: t('transactions.datePlaceholder'),
            },
            {
              type: 'search',
              name: 'psp',
              label: t('transactions.pspReference'),
              placeholder: t('transactions.pspPlaceholder'),
            },
            {
              type: 'select',
              name: 'siteId',
              label: t('transactions.site'),
              options: (sites.data ?? []).map((site) => ({
                value: site.siteId,
                label: site.displayName ?? site.name,
              })),
            },
            {
              type: 'select',
              name: 'status',
              label: t('transactions.status'),
              options: TRANSACTION_STATUSES.map((status) => ({
                value: status,
                label: t(`ui.status.transaction.${status}`),
              })),
            },
            {
              type: 'select',
              name: 'source',
              label: t('transactions.source'),
              options: PAYMENT_SOURCES.map((source) => ({
                value: source,
                label: t(`transactions.sources.${source}`),
              })),
            },
            { type: 'search', name: 'card', label: t('transactions.card') },
          ]}
        />
        {search.kind === 'invalid' && (
          <Alert color="red" role="alert">
            {t(search.messageKey)}
          </Alert>
        )}
        {search.kind === 'list' && firstPage && (
          <Text size="sm" c="dimmed">
            {t('transactions.range', {
              from: firstPage.range.from.replaceAll('-', '.'),
              to: firstPage.range.to.replaceAll('-', '.'),
            })}
          </Text>
        )}
        {search.kind === 'list' && firstPage?.totals && <CurrencyTotals totals={firstPage.totals} />}
        {search.kind !== 'invalid' && (
          <DataTable
            label={t('routes.transactions')}
            idAccessor="id"
            records={records}
            fetching={active.isFetching}
            error={active.error}
            onRetry={() => void active.refetch()}
            empty={{ text: t(search.kind === 'psp' ? 'transactions.noneForPsp' : 'transactions.none') }}
            onRowClick={(transaction) => setOpen(transaction.id)}
            keyset={
              search.kind === 'list'
                ? {
                    hasMore: list.hasNextPage,
                    loadingMore: list.isFetchingNextPage,
                    onLoadMore: () => void list.fetchNextPage(),
                  }
                : undefined
            }
            columns={transactionColumns(t)}
          />
        )}
      </Stack>
      <TransactionDrawer merchantId={merchantId} transactionId={openId} onClose={() => setOpen(undefined)} />
    </Page>
  );
}
