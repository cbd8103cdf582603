import { Spotlight } from '@mantine/spotlight';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { matchesQuery } from '../../lib/command-palette/palette-source.ts';
import { pathTo } from '../../lib/paths.ts';
import type { GuardBase } from '../guards/guard.ts';
import { canOpen, visibleMenu } from '../navigation/menu.ts';

/** Every screen of the menus the user may open (the same guards as the navbar), plus home. */
export function ScreenSource({ query, guardBase }: { query: string; guardBase: GuardBase }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const screens = [
    ...(canOpen({ kind: 'link', labelKey: 'nav.home', routeId: 'home' }, guardBase)
      ? [{ routeId: 'home' as const, label: t('nav.home'), group: '' }]
      : []),
    ...visibleMenu(guardBase).flatMap((group) =>
      group.entries
        .filter((entry) => entry.kind === 'link')
        .map((entry) => ({ routeId: entry.routeId, label: t(entry.labelKey), group: t(group.labelKey) })),
    ),
  ].filter((screen) => query === '' || matchesQuery(`${screen.group} ${screen.label}`, query));
  if (screens.length === 0) return null;
  return (
    <Spotlight.ActionsGroup label={t('ui.palette.screens')}>
      {screens.map((screen) => (
        <Spotlight.Action
          key={screen.routeId}
          label={
            screen.label === screen.group || !screen.group
              ? screen.label
              : `${screen.group} › ${screen.label}`
          }
          onClick={() => void navigate(pathTo(screen.routeId as 'home'))}
        />
      ))}
    </Spotlight.ActionsGroup>
  );
}
