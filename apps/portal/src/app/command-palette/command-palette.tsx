import { Spotlight, spotlight } from '@mantine/spotlight';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { GuardBase } from '../guards/guard.ts';
import classes from './command-palette.module.css';
import { paletteSources } from './sources.ts';

/** Opens the palette (mounted or about to be: Spotlight's store is shared). */
export function openCommandPalette(): void {
  spotlight.open();
}

/**
 * The command palette (Mantine Spotlight; Ctrl/Cmd + K or the header's search button). Loaded on first use (palette-loader.tsx). Each source in `sources.ts`
 * renders its own group of actions for the typed query; "Nothing found" shows when none rendered any.
 */
export function CommandPalette({ guardBase }: { guardBase: GuardBase }) {
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  const trimmed = query.trim();
  return (
    // Ctrl/Cmd + K is the loader's (palette-loader.tsx), listened to from the layout's commit, loaded or not.
    <Spotlight.Root query={query} onQueryChange={setQuery} shortcut={null} scrollable maxHeight={420}>
      <Spotlight.Search placeholder={t('ui.palette.placeholder')} aria-label={t('ui.palette.placeholder')} />
      <Spotlight.ActionsList>
        {paletteSources(guardBase).map(({ id, Source }) => (
          <Source key={id} query={trimmed} guardBase={guardBase} />
        ))}
        <Spotlight.Empty className={classes.empty}>{t('ui.palette.nothingFound')}</Spotlight.Empty>
      </Spotlight.ActionsList>
    </Spotlight.Root>
  );
}
