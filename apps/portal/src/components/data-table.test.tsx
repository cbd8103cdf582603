import { Button } from '@mantine/core';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { describe, expect, it, vi } from 'vitest';
import { TestProviders } from '../../test/render.tsx';
import { DataTable, type DataTableColumn, type DataTableSortStatus } from './data-table.tsx';

interface Row {
  id: string;
  name: string;
  sites: number;
}

const COLUMNS: DataTableColumn<Row>[] = [
  { accessor: 'name', title: 'Name', sortable: true },
  { accessor: 'sites', title: 'Sites', sortable: true },
];
const ROWS: Row[] = [
  { id: 'a', name: 'Acme Ltd', sites: 3 },
  { id: 'b', name: 'Bistro Bar', sites: 1 },
];
const EMPTY = { text: 'Nobody here yet.', action: <Button>Invite user</Button> };

type TableProps = Partial<Parameters<typeof DataTable<Row>>[0]>;
const table = (props: TableProps) => (
  <DataTable<Row>
    label="Companies"
    columns={COLUMNS}
    records={ROWS}
    idAccessor="id"
    empty={EMPTY}
    {...props}
  />
);
const renderTable = (props: TableProps) => render(table(props), { wrapper: TestProviders });

describe('DataTable', () => {
  it('shows the header and skeleton rows while the first page loads, which nobody can take for the list', () => {
    renderTable({ records: undefined });
    // Drawn with the real header's titles, so nothing moves when the rows come…
    expect(screen.getByText('Name')).toBeInTheDocument();
    // …but out of the table role and hidden from assistive technology: only the status is read.
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.queryByRole('columnheader')).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading…');
    expect(screen.getByRole('status').closest('[aria-busy="true"]')).not.toBeNull();
    expect(screen.queryByText('Acme Ltd')).not.toBeInTheDocument();
  });

  it('shows one row per record', () => {
    renderTable({});
    const table = screen.getByRole('table', { name: 'Companies' });
    expect(within(table).getByText('Acme Ltd')).toBeInTheDocument();
    expect(within(table).getByText('Bistro Bar')).toBeInTheDocument();
  });

  it('shows the empty state with its sentence and action when there are no rows', () => {
    renderTable({ records: [] });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.getByText('Nobody here yet.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Invite user' })).toBeInTheDocument();
  });

  it('shows an error with a retry button that retries', async () => {
    const onRetry = vi.fn();
    renderTable({ error: new Error('boom'), onRetry });
    expect(screen.getByRole('alert')).toHaveTextContent('This list could not be loaded.');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it('opens a row on click and on Enter', async () => {
    const onRowClick = vi.fn();
    renderTable({ onRowClick });
    await userEvent.click(screen.getByText('Bistro Bar'));
    expect(onRowClick).toHaveBeenLastCalledWith(ROWS[1]);
    const firstRow = screen.getByText('Acme Ltd').closest('tr') as HTMLElement;
    firstRow.focus();
    await userEvent.keyboard('{Enter}');
    expect(onRowClick).toHaveBeenLastCalledWith(ROWS[0]);
  });

  it('reports sorting by a column header', async () => {
    function Sorted() {
      const [sortStatus, setSortStatus] = useState<DataTableSortStatus<Row>>({
        columnAccessor: 'name',
        direction: 'asc',
      });
      const sorted = [...ROWS].sort((a, b) =>
        sortStatus.columnAccessor === 'sites' ? b.sites - a.sites : a.name.localeCompare(b.name),
      );
      return table({ records: sorted, sortStatus, onSortStatusChange: setSortStatus });
    }
    render(<Sorted />, { wrapper: TestProviders });
    await userEvent.click(screen.getByText('Sites'));
    const rows = screen.getAllByRole('row').slice(1);
    expect(rows[0]).toHaveTextContent('Acme Ltd');
    expect(rows[0]).toHaveTextContent('3');
  });

  it('offers "Load more" while the keyset has more, and calls it', async () => {
    const onLoadMore = vi.fn();
    renderTable({ keyset: { hasMore: true, loadingMore: false, onLoadMore } });
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(onLoadMore).toHaveBeenCalledOnce();
  });

  it('has no "Load more" on the last page', () => {
    renderTable({ keyset: { hasMore: false, loadingMore: false, onLoadMore: vi.fn() } });
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  describe('rendered as in the browser (not inside act)', () => {
    const mount = () => {
      const scope = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
      const before = scope.IS_REACT_ACT_ENVIRONMENT;
      scope.IS_REACT_ACT_ENVIRONMENT = false;
      const container = document.body.appendChild(document.createElement('div'));
      const root = createRoot(container);
      const show = (records: Row[] | undefined) =>
        flushSync(() => root.render(<TestProviders>{table({ records })}</TestProviders>));
      const unmount = () => {
        flushSync(() => root.unmount());
        container.remove();
        scope.IS_REACT_ACT_ENVIRONMENT = before;
      };
      return { show, unmount };
    };

    it('draws rows that replace the skeleton in a later (transition) render, not in the urgent one', async () => {
      const { show, unmount } = mount();
      try {
        show(undefined);
        show(ROWS);
        // The urgent render (an answer from TanStack Query is one) kept the skeleton.
        expect(screen.queryByRole('table', { name: 'Companies' })).toBeNull();
        expect(screen.getByRole('status')).toHaveTextContent('Loading…');
        // The transition render comes in a later task; on a loaded machine it can take a while.
        expect(
          await screen.findByRole('table', { name: 'Companies' }, { timeout: 5_000 }),
        ).toBeInTheDocument();
        expect(screen.getByRole('row', { name: /Bistro Bar/ })).toBeInTheDocument();
      } finally {
        unmount();
      }
    });

    it('shows rows present at the first render, and a change to rows on screen, at once', () => {
      const { show, unmount } = mount();
      try {
        show(ROWS);
        expect(screen.getByRole('row', { name: /Acme Ltd/ })).toBeInTheDocument();
        show([{ id: 'c', name: 'Cafe Nuevo', sites: 2 }, ...ROWS]);
        expect(screen.getByRole('row', { name: /Cafe Nuevo/ })).toBeInTheDocument();
      } finally {
        unmount();
      }
    });
  });
});
