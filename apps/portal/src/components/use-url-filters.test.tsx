import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '../../test/render.tsx';
import { useUrlFilters } from './use-url-filters.ts';

/** Two filter changes before a render shows the first, as when a navigation's render waits in a transition. */
function Screen() {
  const { setFilter, clearFilters } = useUrlFilters(['siteId', 'from', 'to']);
  const location = useLocation();
  return (
    <>
      <button
        type="button"
        onClick={() => {
          setFilter('siteId', 'site-1');
          setFilter('from', '2026-12-05');
        }}
      >
        Site, then day
      </button>
      <button type="button" onClick={() => setFilter('to', '2026-12-06')}>
        To
      </button>
      <button type="button" onClick={() => clearFilters()}>
        Clear
      </button>
      <Link to="/eod-reports?to=2026-11-30">November's last day</Link>
      <output aria-label="query">{location.search}</output>
    </>
  );
}

/** Waits until the location's query is exactly `search` ('' for none). */
const expectQuery = (search: string) =>
  waitFor(() => expect(screen.getByLabelText('query').textContent).toBe(search));

describe('useUrlFilters', () => {
  it('keeps a change that no render has shown yet when the next one is written', async () => {
    renderRoutes([{ path: '/eod-reports', element: <Screen /> }], '/eod-reports?cursor=abc');
    await userEvent.click(await screen.findByRole('button', { name: 'Site, then day' }));
    await expectQuery('?siteId=site-1&from=2026-12-05');
    await userEvent.click(screen.getByRole('button', { name: 'To' }));
    await expectQuery('?siteId=site-1&from=2026-12-05&to=2026-12-06');
    await userEvent.click(screen.getByRole('button', { name: 'Clear' }));
    await expectQuery('');
  });

  it('builds on a query it did not write (a link, Back) once a render shows it', async () => {
    renderRoutes([{ path: '/eod-reports', element: <Screen /> }], '/eod-reports');
    await userEvent.click(await screen.findByRole('button', { name: 'Site, then day' }));
    await expectQuery('?siteId=site-1&from=2026-12-05');
    await userEvent.click(screen.getByRole('link', { name: "November's last day" }));
    await expectQuery('?to=2026-11-30');
    await userEvent.click(screen.getByRole('button', { name: 'Site, then day' }));
    await expectQuery('?to=2026-11-30&siteId=site-1&from=2026-12-05');
  });
});
