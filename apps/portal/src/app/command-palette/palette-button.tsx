import { ActionIcon, Button, Kbd } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { openPalette, preloadPalette } from './palette-loader.tsx';

function SearchIcon() {
  return (
    <svg
      width="16"
      height="16"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden="true"
    >
      <circle cx="11" cy="11" r="7" />
      <path d="m20 20-3.5-3.5" />
    </svg>
  );
}

/**
 * Opens the command palette (also Ctrl/Cmd + K): a labelled button from 768 px, an icon on a phone. Hovered or focused,
 * it fetches the palette's chunk ahead of the click.
 */
export function PaletteButton() {
  const { t } = useTranslation();
  return (
    <>
      <Button
        visibleFrom="sm"
        variant="default"
        size="xs"
        leftSection={<SearchIcon />}
        rightSection={<Kbd size="xs">{t('ui.shell.searchShortcut')}</Kbd>}
        onClick={openPalette}
        onPointerEnter={preloadPalette}
        onFocus={preloadPalette}
      >
        {t('ui.shell.search')}
      </Button>
      <ActionIcon
        hiddenFrom="sm"
        variant="default"
        size="lg"
        aria-label={t('ui.shell.search')}
        onClick={openPalette}
        onPointerEnter={preloadPalette}
        onFocus={preloadPalette}
      >
        <SearchIcon />
      </ActionIcon>
    </>
  );
}
