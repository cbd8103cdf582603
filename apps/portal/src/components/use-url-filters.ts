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

  // The queries this hook wrote, until a render shows one it did not write. React Router gives a change the query
  // of the last render, and a navigation's render can wait (in a transition, for the next screen's data) while the
  // user is already changing the next filter, then show an earlier write of this hook before the latest: built on
  // the render's query, a change would drop the ones before it. `written`: the query the writes started on, then
  // each one written since (the last is what the next change builds on); a render showing anything else (Back, a
  // link), or the last write itself, is where changes build again.
  const written = useRef<string[]>([]);
  const rendered = searchParams.toString();

  const update = (change: (next: URLSearchParams) => void) => {
    const pending = written.current.includes(rendered) && written.current.at(-1) !== rendered;
    if (!pending) written.current = [rendered];
    const next = new URLSearchParams(written.current.at(-1));
    change(next);
    for (const key of PAGING_PARAMS) next.delete(key);
    written.current.push(next.toString());
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
