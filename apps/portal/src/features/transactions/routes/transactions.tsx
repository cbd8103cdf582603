import { Alert, Stack, Text } from '@mantine/core';
import { PAYMENT_SOURCES, TRANSACTION_STATUSES } from '@mp/domain/enums';
import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { DataTable } from '../../../components/data-table.tsx';
import { FilterBar } from '../../../components/filter-bar.tsx';
import { Page } from '../../../components/page.tsx';
import { useUrlFilters } from '../../../components/use-url-filters.ts';
import { currentLocale } from '../../../lib/i18n/i18n.ts';
import { useCurrentMerchant } from '../../../lib/merchant/current-merchant.ts';
import { useTransactionsByPsp } from '../api/find-transactions-by-psp.ts';
import { useTransactionSites } from '../api/list-transaction-sites.ts';
import { useTransactions } from '../api/list-transactions.ts';
import { CurrencyTotals } from '../components/currency-totals.tsx';
import { transactionColumns } from '../components/transaction-columns.tsx';
import { transactionSearch } from '../components/transaction-search.ts';
import { LiveTransactions } from '../live/live-indicator.tsx';

// The drawer (with the refund and receipt dialogs and their validation) loads when a transaction is first opened:
// none of it is needed to show the list (issue 16 §2).
const TransactionDrawer = lazy(() =>
  import('../components/transaction-drawer.tsx').then((module) => ({ default: module.TransactionDrawer })),
);

export const TRANSACTION_FILTERS = ['from', 'to', 'psp', 'siteId', 'status', 'source', 'card'] as const;

/** /transactions (issue 11 §2): filters in the URL, a date range or PSP references, totals per currency, a drawer. */
export default function TransactionsScreen() {
  const { t } = useTranslation();
  const merchant = useCurrentMerchant();
  const merchantId = merchant?.merchantId ?? '';
  const locale = currentLocale();
  const timeZone = merchant?.timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
  const { values } = useUrlFilters(TRANSACTION_FILTERS);
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
  const openId = searchParams.get('transaction') ?? undefined;
  // Mounted from the first opening on, so the drawer keeps its closing animation.
  const [drawerOpened, setDrawerOpened] = useState(Boolean(openId));
  if (openId && !drawerOpened) setDrawerOpened(true);
  const setOpen = useCallback(
    (id: string | undefined) =>
      setSearchParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (id) next.set('transaction', id);
          else next.delete('transaction');
          return next;
        },
        { replace: true },
      ),
    [setSearchParams],
  );

  const listData = list.data;
  const pspData = byPsp.data;
  const firstPage = listData?.pages[0];
  const records = useMemo(
    () =>
      search.kind === 'psp'
        ? // The PSP-reference search has no site parameter: a chosen site narrows its answer here.
          pspData?.filter((transaction) => !values.siteId || transaction.siteId === values.siteId)
        : search.kind === 'list'
          ? listData?.pages.flatMap((page) => page.data)
          : [],
    [search.kind, pspData, listData, values.siteId],
  );
  const active = search.kind === 'psp' ? byPsp : list;
  const columns = useMemo(() => transactionColumns(t, { locale, timeZone }), [t, locale, timeZone]);
  const onRowClick = useCallback((transaction: { id: string }) => setOpen(transaction.id), [setOpen]);
  const { refetch } = active;
  const onRetry = useCallback(() => void refetch(), [refetch]);
  const emptyText = t(search.kind === 'psp' ? 'transactions.noneForPsp' : 'transactions.none');
  const empty = useMemo(() => ({ text: emptyText }), [emptyText]);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = list;
  const keyset = useMemo(
    () =>
      search.kind === 'list'
        ? { hasMore: hasNextPage, loadingMore: isFetchingNextPage, onLoadMore: () => void fetchNextPage() }
        : undefined,
    [search.kind, hasNextPage, isFetchingNextPage, fetchNextPage],
  );

  return (
    <Page titleKey="routes.transactions" action={<LiveTransactions merchantId={merchantId || undefined} />}>
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
            onRetry={onRetry}
            empty={empty}
            onRowClick={onRowClick}
            keyset={keyset}
            columns={columns}
          />
        )}
      </Stack>
      {drawerOpened && (
        <Suspense fallback={null}>
          <TransactionDrawer
            merchantId={merchantId}
            transactionId={openId}
            onClose={() => setOpen(undefined)}
          />
        </Suspense>
      )}
    </Page>
  );
}
