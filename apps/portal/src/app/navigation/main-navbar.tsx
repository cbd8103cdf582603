import { NavLink, ScrollArea, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { currentMerchantStore } from '../../features/merchants/current-merchant-store.ts';
import { pathTo, ROUTE_PATHS } from '../../lib/paths.ts';
import type { GuardBase } from '../guards/guard.ts';
import { canOpen, visibleMenu } from './menu.ts';

interface MainNavbarProps {
  guardBase: GuardBase;
  onNavigate: () => void;
}

/** SPEC §2.3 menus; each entry only for users whose guards would let them open it. */
export function MainNavbar({ guardBase, onNavigate }: MainNavbarProps) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const groups = visibleMenu(guardBase);
  const addCompany = () => {
    if (guardBase.user) currentMerchantStore.clear(guardBase.user.id);
    onNavigate();
    void navigate(pathTo('onboarding-landing'));
  };
  return (
    <ScrollArea component="nav" aria-label={t('app.mainNavigation')}>
      <Stack gap={4}>
        {canOpen({ kind: 'link', labelKey: 'nav.home', routeId: 'home' }, guardBase) && (
          <NavLink
            component={Link}
            to={pathTo('home')}
            label={t('nav.home')}
            active={pathname === '/'}
            onClick={onNavigate}
          />
        )}
        {groups.map((group) => (
          <Stack key={group.labelKey} gap={0} mt="sm">
            <Text size="xs" fw={700} c="dimmed" tt="uppercase" px="sm" component="h2">
              {t(group.labelKey)}
            </Text>
            {group.entries.map((entry) =>
              entry.kind === 'link' ? (
                <NavLink
                  key={entry.labelKey}
                  component={Link}
                  to={ROUTE_PATHS[entry.routeId]}
                  label={t(entry.labelKey)}
                  active={pathname === ROUTE_PATHS[entry.routeId]}
                  onClick={onNavigate}
                />
              ) : (
                <NavLink
                  key={entry.labelKey}
                  component="button"
                  label={t(entry.labelKey)}
                  onClick={addCompany}
                />
              ),
            )}
          </Stack>
        ))}
      </Stack>
    </ScrollArea>
  );
}
