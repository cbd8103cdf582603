import 'mantine-datatable/styles.css';
import { Alert, Button, Center, Group, Paper, Skeleton, Stack, Table, Text } from '@mantine/core';
import {
  type DataTableColumn,
  type DataTableSortStatus,
  DataTable as MantineDataTable,
  type DataTableProps as MantineDataTableProps,
} from 'mantine-datatable';
import { type KeyboardEvent, memo, type ReactNode, useDeferredValue } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from './empty-state.tsx';

export type { DataTableColumn, DataTableSortStatus };

interface KeysetPaging {
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
}

interface PagePaging {
  page: number;
  recordsPerPage: number;
  totalRecords: number;
  onPageChange: (page: number) => void;
}

export interface DataTableProps<T> {
  /** Names the table for screen readers ("Users"). */
  label: string;
  columns: DataTableColumn<T>[];
  /** undefined while the first page loads. */
  records: readonly T[] | undefined;
  /** A stable id per row (defaults to `id`). */
  idAccessor: (keyof T & string) | ((record: T) => string);
  /** First load: skeleton rows under the real header. */
  loading?: boolean;
  /** A refetch with rows on screen (filters changed): a light overlay, the rows stay. */
  fetching?: boolean;
  /** Set when the query failed: an error message with a retry button replaces the rows. */
  error?: unknown;
  onRetry?: () => void;
  /** Shown when there are no rows: one sentence, and the way out. */
  empty: { title?: ReactNode; text: ReactNode; action?: ReactNode };
  sortStatus?: DataTableSortStatus<T>;
  onSortStatusChange?: (status: DataTableSortStatus<T>) => void;
  /** Whole row clickable (and focusable: Enter opens it). Keep a link in the first column as well. */
  onRowClick?: (record: T) => void;
  /** Keyset paging: a "Load more" button under the rows. */
  keyset?: KeysetPaging;
  /** Numbered pages (when the API returns a total). */
  pages?: PagePaging;
  /** Height past which the body scrolls under a sticky header (default 70vh). */
  maxHeight?: number | string;
}

/**
 * THE list of every screen (mantine-datatable on Mantine): skeleton on first load, error with retry, an empty state
 * with a sentence and an action, sortable columns (`sortable: true` on a column + sortStatus), a sticky header,
 * horizontal scroll inside its own box (the page never scrolls sideways), optional row click, keyset "load more" or
 * numbered pages. Sorting and paging state belongs to the screen (usually in the URL, see FilterBar).
 */
function DataTableImpl<T>({
  label,
  columns,
  records,
  idAccessor,
  loading = false,
  fetching = false,
  error,
  onRetry,
  empty,
  sortStatus,
  onSortStatusChange,
  onRowClick,
  keyset,
  pages,
  maxHeight = '70vh',
}: DataTableProps<T>) {
  const { t } = useTranslation();

  if (error) {
    return (
      <Alert color="red" variant="light" title={t('ui.table.loadFailed')} role="alert">
        {onRetry && (
          <Button variant="default" size="xs" mt="xs" onClick={onRetry}>
            {t('ui.table.retry')}
          </Button>
        )}
      </Alert>
    );
  }

  if (loading || records === undefined) return <TableSkeleton columns={columns} />;

  if (records.length === 0) {
    return (
      <EmptyState title={empty.title} action={empty.action}>
        {empty.text}
      </EmptyState>
    );
  }

  const rowKeyDown = (record: T) => (event: KeyboardEvent) => {
    if (event.key === 'Enter' && event.target === event.currentTarget) onRowClick?.(record);
  };
  const paging = pages
    ? {
        page: pages.page,
        onPageChange: pages.onPageChange,
        totalRecords: pages.totalRecords,
        recordsPerPage: pages.recordsPerPage,
        paginationText: ({ from, to, totalRecords }: { from: number; to: number; totalRecords: number }) =>
          t('ui.table.pageSummary', { from, to, total: totalRecords }),
      }
    : {};

  // One object, cast once: mantine-datatable's props are a union of (sorting × paging × loader) variants.
  const tableProps = {
    'aria-label': label,
    withTableBorder: true,
    borderRadius: 'md',
    highlightOnHover: Boolean(onRowClick),
    verticalSpacing: 'sm',
    maxHeight,
    columns,
    records: records as T[],
    idAccessor,
    fetching,
    loaderBackgroundBlur: 1,
    ...(sortStatus && onSortStatusChange ? { sortStatus, onSortStatusChange } : {}),
    ...(onRowClick
      ? {
          onRowClick: ({ record }: { record: T }) => onRowClick(record),
          customRowAttributes: (record: T) => ({ tabIndex: 0, onKeyDown: rowKeyDown(record) }),
        }
      : {}),
    ...paging,
  } as unknown as MantineDataTableProps<T>;

  return (
    <Stack gap="sm">
      <MantineDataTable<T> {...tableProps} />
      {keyset?.hasMore && (
        <Center>
          <Button variant="default" onClick={keyset.onLoadMore} loading={keyset.loadingMore}>
            {t('ui.table.loadMore')}
          </Button>
        </Center>
      )}
    </Stack>
  );
}

/**
 * THE list (see DataTableImpl), memoised: a screen re-renders for many reasons (a filter's options arrive, the live
 * indicator changes) and mantine-datatable re-renders every row each time. With stable props (memoised columns and
 * callbacks) the rows render only when they change (issue 16 §2).
 */
const MemoisedDataTable = memo(DataTableImpl) as typeof DataTableImpl;

/**
 * Rows that replace the skeleton after the screen's first render (its query answered after it, or a filter changed)
 * are drawn at a transition's priority: TanStack Query delivers an answer as an urgent update, which React renders in
 * one task, and fifty rows of /transactions took 60–130 ms of CPU in it on a first visit (issue 16 §2). Deferred,
 * React renders them in slices and keeps the skeleton until they are ready. Rows present at the first render show in
 * it; every change to rows already shown (a live update, the next page, a refetch) shows at once, as before, so a
 * stream of updates never keeps restarting a deferred render.
 */
export function DataTable<T>(props: DataTableProps<T>) {
  const loading = props.loading ?? false;
  const deferredRecords = useDeferredValue(props.records);
  const deferredLoading = useDeferredValue(loading);
  const skeletonShown = deferredLoading || deferredRecords === undefined;
  return (
    <MemoisedDataTable<T>
      {...props}
      records={skeletonShown ? deferredRecords : props.records}
      loading={skeletonShown ? deferredLoading : loading}
    />
  );
}

/**
 * The first load: the real header's titles (and the columns' classes: a column shown only at some widths) over
 * skeleton rows, so the rows arrive without moving anything. Drawn as
 * a table but hidden from assistive technology and not in the table role (`role="presentation"`): only the status
 * ("Loading…") and `aria-busy` are read, and nothing (a screen reader, a test) can take the placeholder for the list.
 */
function TableSkeleton<T>({ columns }: { columns: DataTableColumn<T>[] }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="md" style={{ overflowX: 'auto' }} aria-busy="true">
      <Table role="presentation" aria-hidden="true" verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            {columns.map((column) => (
              <Table.Th key={String(column.accessor)} className={column.titleClassName}>
                {column.title ?? String(column.accessor)}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {[0, 1, 2, 3, 4].map((row) => (
            <Table.Tr key={row}>
              {columns.map((column) => (
                <Table.Td
                  key={String(column.accessor)}
                  className={typeof column.cellsClassName === 'string' ? column.cellsClassName : undefined}
                >
                  <Skeleton height={12} radius="sm" />
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Group justify="center" p="xs">
        <Text size="sm" c="dimmed" role="status">
          {t('ui.table.loading')}
        </Text>
      </Group>
    </Paper>
  );
}
