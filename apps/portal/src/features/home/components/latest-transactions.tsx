import { Anchor, Group, type MantineTheme, Stack, Title } from '@mantine/core';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { DataTable } from '../../../components/data-table.tsx';
import { currentLocale } from '../../../lib/i18n/i18n.ts';
import { useCurrentMerchant } from '../../../lib/merchant/current-merchant.ts';
import { useTransactions } from '../../transactions/api/list-transactions.ts';
import { transactionColumns } from '../../transactions/components/transaction-columns.tsx';

/** How many of the newest transactions home shows. */
export const LATEST_COUNT = 8;
const COLUMNS = new Set(['createdAt', 'amount', 'status', 'source', 'card', 'siteName']);
/** On a phone the list keeps time, amount and status; the rest is in the drawer a row opens. */
const WIDE_ONLY = new Set(['source', 'card', 'siteName']);

/**
 * Home (issue 11 §4): the newest transactions of the sites the user may list (the API narrows), as the
 * transactions screen shows them; a row opens it in the transactions screen's drawer. Kept fresh by the live
 * stream the home screen holds open.
 */
export function LatestTransactions({ merchantId }: { merchantId: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const list = useTransactions(merchantId, {}, true);
  const titleId = 'latest-transactions-title';
  const locale = currentLocale();
  const timeZone = useCurrentMerchant()?.timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
  const data = list.data;
  const records = useMemo(() => data?.pages[0]?.data.slice(0, LATEST_COUNT), [data]);
  // Memoised with the callbacks below, so the rows render only when they change, not on every live update of the
  // screen around them (DataTable is memoised).
  const columns = useMemo(
    () =>
      transactionColumns(t, { locale, timeZone })
        .filter((column) => COLUMNS.has(String(column.accessor)))
        .map((column) =>
          WIDE_ONLY.has(String(column.accessor))
            ? {
                ...column,
                visibleMediaQuery: (theme: MantineTheme) => `(min-width: ${theme.breakpoints.sm})`,
              }
            : column,
        ),
    [t, locale, timeZone],
  );
  const { refetch } = list;
  const onRetry = useCallback(() => void refetch(), [refetch]);
  const onRowClick = useCallback(
    (transaction: { id: string }) => void navigate(`/transactions?transaction=${transaction.id}`),
    [navigate],
  );
  const emptyText = t('home.latest.none');
  const empty = useMemo(() => ({ text: emptyText }), [emptyText]);
  return (
    <Stack component="section" aria-labelledby={titleId} gap="sm">
      <Group justify="space-between" align="baseline">
        <Title order={2} size="h4" id={titleId}>
          {t('home.latest.title')}
        </Title>
        <Anchor component={Link} to="/transactions" size="sm">
          {t('home.latest.viewAll')}
        </Anchor>
      </Group>
      <DataTable
        label={t('home.latest.title')}
        idAccessor="id"
        records={records}
        loading={list.isPending}
        fetching={list.isFetching && !list.isPending}
        error={list.error}
        onRetry={onRetry}
        empty={empty}
        onRowClick={onRowClick}
        columns={columns}
      />
    </Stack>
  );
}
