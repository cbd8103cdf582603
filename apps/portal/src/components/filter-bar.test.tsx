import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '../../test/render.tsx';
import { FilterBar, type FilterField } from './filter-bar.tsx';
import { useUrlFilters } from './use-url-filters.ts';

const FIELDS: FilterField[] = [
  { type: 'search', name: 'q', label: 'Search' },
  { type: 'search', name: 'ref', label: 'Reference' },
  {
    type: 'select',
    name: 'status',
    label: 'Status',
    options: [
      { value: 'paid', label: 'Paid' },
      { value: 'open', label: 'Open' },
    ],
  },
];

function Screen() {
  const { values } = useUrlFilters(['q', 'ref', 'status']);
  const location = useLocation();
  return (
    <>
      <FilterBar fields={FIELDS} />
      <output aria-label="query">{location.search}</output>
      <output aria-label="values">{JSON.stringify(values)}</output>
    </>
  );
}

const renderScreen = (path: string) => renderRoutes([{ path: '/invoices', element: <Screen /> }], path);

describe('FilterBar', () => {
  it('reads its state from the URL, so a shared link opens filtered', async () => {
    renderScreen('/invoices?q=acme&status=paid');
    expect(await screen.findByLabelText('Search')).toHaveValue('acme');
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('Paid');
    expect(screen.getByLabelText('values')).toHaveTextContent('{"q":"acme","status":"paid"}');
  });

  it('writes a choice to the URL and drops the page cursor', async () => {
    renderScreen('/invoices?cursor=abc');
    await userEvent.click(await screen.findByRole('combobox', { name: 'Status' }));
    await userEvent.click(await screen.findByText('Open'));
    await waitFor(() => expect(screen.getByLabelText('query')).toHaveTextContent('?status=open'));
  });

  it('writes typed search text after a pause', async () => {
    renderScreen('/invoices');
    await userEvent.type(await screen.findByLabelText('Search'), 'bistro');
    await waitFor(() => expect(screen.getByLabelText('query')).toHaveTextContent('?q=bistro'));
  });

  it('keeps what was typed in one box when the next box is typed in during the pause', async () => {
    renderScreen('/invoices');
    await userEvent.type(await screen.findByLabelText('Search'), 'bistro');
    await userEvent.type(screen.getByLabelText('Reference'), 'ABC');
    await waitFor(() => expect(screen.getByLabelText('query')).toHaveTextContent('?q=bistro&ref=ABC'));
  });

  it('keeps the first box written when the next is written while the first navigation is still loading', async () => {
    // The route's loader holds every navigation after the first until released (as a guard loader does under load).
    let release: (() => void) | undefined;
    let loads = 0;
    const loader = () => {
      loads += 1;
      if (loads === 1) return null;
      return new Promise<null>((resolve) => {
        release = () => resolve(null);
      });
    };
    renderRoutes([{ path: '/invoices', element: <Screen />, loader }], '/invoices');
    await userEvent.type(await screen.findByLabelText('Search'), 'bistro');
    await waitFor(() => expect(loads).toBe(2));
    await userEvent.type(screen.getByLabelText('Reference'), 'ABC');
    await waitFor(() => expect(loads).toBe(3));
    release?.();
    await waitFor(() => expect(screen.getByLabelText('query')).toHaveTextContent('?q=bistro&ref=ABC'));
  });

  it('clears every filter', async () => {
    renderScreen('/invoices?q=acme&status=paid');
    await userEvent.click(await screen.findByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(screen.getByLabelText('query')).toBeEmptyDOMElement());
    expect(screen.getByLabelText('Search')).toHaveValue('');
    expect(screen.queryByRole('button', { name: 'Clear filters' })).not.toBeInTheDocument();
  });
});
