import { useRef } from 'react';
import { useSearchParams } from 'react-router';

/** Paging keys a filter change resets, so a new filter starts at the first page. */
export const PAGING_PARAMS = ['cursor', 'page'] as const;

export type FilterValues<Name extends string> = Record<Name, string | undefined>;

/**
 * Filter state in the URL query (shareable, survives a reload, Back undoes a change). Read the values to build the
 * query key and the API call; `setFilter` / `clearFilters` replace the history entry and reset paging.
 */
export function useUrlFilters<Name extends string>(names: readonly Name[]) {
  const [searchParams, setSearchParams] = useSearchParams();
  const values = Object.fromEntries(
    names.map((name) => [name, searchParams.get(name) ?? undefined]),
  ) as FilterValues<Name>;

  // The query this hook last wrote, until a render shows one it did not write. React Router gives a change the
  // query of the last render, and a navigation's render can wait (in a transition, for the next screen's data) while
  // the user is already changing the next filter, then show an earlier write of this hook before the latest: built
  // on the render's query, a change would drop the ones before it. `seen`: the query the writes started on and each
  // one written since; a render showing anything else (Back, a link) is where changes build again.
  const written = useRef<{ seen: string[]; query: URLSearchParams } | null>(null);
  const rendered = searchParams.toString();

  const update = (change: (next: URLSearchParams) => void) => {
    // Once a render shows the latest write, the writes start again from it.
    const seen = written.current?.seen;
    const pending = seen?.includes(rendered) && seen.at(-1) !== rendered ? written.current : null;
    const next = new URLSearchParams(pending?.query ?? searchParams);
    change(next);
    for (const key of PAGING_PARAMS) next.delete(key);
    written.current = { seen: [...(pending?.seen ?? [rendered]), next.toString()], query: next };
    setSearchParams(next, { replace: true });
  };

  return {
    values,
    active: names.some((name) => values[name] !== undefined),
    setFilter: (name: Name, value: string | null | undefined) =>
      update((next) => {
        if (value === null || value === undefined || value === '') next.delete(name);
        else next.set(name, value);
      }),
    /** Several filters in one history entry (the filter bar's debounced search boxes). */
    setFilters: (changes: Partial<Record<Name, string | null | undefined>>) =>
      update((next) => {
        for (const [name, value] of Object.entries(changes) as [Name, string | null | undefined][]) {
          if (value === null || value === undefined || value === '') next.delete(name);
          else next.set(name, value);
        }
      }),
    clearFilters: () =>
      update((next) => {
        for (const name of names) next.delete(name);
      }),
  };
}
