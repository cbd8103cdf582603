import { Button, Group, Select, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUrlFilters } from './use-url-filters.ts';

export type FilterField =
  | { type: 'search'; name: string; label: string; placeholder?: string }
  | { type: 'select'; name: string; label: string; options: { value: string; label: string }[] }
  | { type: 'date'; name: string; label: string };

interface FilterBarProps {
  fields: readonly FilterField[];
}

const SEARCH_DEBOUNCE_MS = 300;

/**
 * The filters above a list, their state in the URL query (`?status=paid&q=acme`) so a filtered view can be shared and
 * survives a reload. Search fields write after a 300 ms pause, selects and dates at once; every change resets paging.
 * The screen reads the same values with `useUrlFilters(names)` and puts them in its query key.
 */
export function FilterBar({ fields }: FilterBarProps) {
  const { t } = useTranslation();
  const { values, active, setFilter, setFilters, clearFilters } = useUrlFilters(
    fields.map((field) => field.name),
  );
  // What is typed in the search boxes shows at once; the URL follows after a pause. Every box typed in during
  // the pause is written then (one debounce for the bar, so a quick move to the next box loses nothing).
  // Each write also repeats the boxes written before: a write builds on the URL as last rendered, and while the
  // previous write's navigation is still loading (the route's loader runs on every query change) the URL does not
  // have it yet — without the repeat the later write would drop it ("From" lost when "To" followed it).
  const [typed, setTyped] = useState<Record<string, string>>({});
  const pending = useRef<Record<string, string>>({});
  const written = useRef<Record<string, string>>({});
  const flushSearch = useDebouncedCallback(() => {
    const changes = { ...written.current, ...pending.current };
    written.current = changes;
    pending.current = {};
    setFilters(changes);
  }, SEARCH_DEBOUNCE_MS);
  const writeSearch = (name: string, text: string) => {
    pending.current = { ...pending.current, [name]: text };
    flushSearch();
  };

  return (
    <Group component="search" aria-label={t('ui.filters.label')} gap="sm" align="flex-end" wrap="wrap">
      {fields.map((field) => {
        const value = values[field.name];
        const common = { label: field.label, miw: 0, style: { flex: '1 1 12rem' }, maw: '100%' } as const;
        switch (field.type) {
          case 'search':
            return (
              <TextInput
                key={field.name}
                {...common}
                type="search"
                placeholder={field.placeholder}
                value={typed[field.name] ?? value ?? ''}
                onChange={(event) => {
                  const text = event.currentTarget.value;
                  setTyped((current) => ({ ...current, [field.name]: text }));
                  writeSearch(field.name, text.trim());
                }}
              />
            );
          case 'select':
            return (
              <Select
                key={field.name}
                {...common}
                data={field.options}
                value={value ?? null}
                placeholder={t('ui.filters.any')}
                clearable
                // The options are mounted when the list opens (as the merchant switcher's): a list mounted hidden
                // is positioned by floating-ui in a layout effect, which reads computed style and so forced the
                // style of the whole new screen inside its first commit (docs/PERFORMANCE.md, session 18).
                comboboxProps={{ keepMounted: false }}
                onChange={(next) => setFilter(field.name, next)}
              />
            );
        }
        return (
          <TextInput
            key={field.name}
            {...common}
            type="date"
            value={value ?? ''}
            onChange={(event) => setFilter(field.name, event.currentTarget.value)}
          />
        );
      })}
      {active && (
        <Button
          variant="subtle"
          onClick={() => {
            clearFilters();
            setTyped({});
            written.current = {};
            pending.current = {};
          }}
        >
          {t('ui.filters.clear')}
        </Button>
      )}
    </Group>
  );
}
