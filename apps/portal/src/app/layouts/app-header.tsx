import { Anchor, Box, Burger, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useRevalidator } from 'react-router';
import { Logo } from '../../components/logo.tsx';
import type { Merchant } from '../../features/merchants/api/list-merchants.ts';
import { MerchantSwitcher } from '../../features/merchants/components/merchant-switcher.tsx';
import { LanguageSwitcher } from '../../features/session/components/language-switcher.tsx';
import { pathTo } from '../../lib/paths.ts';
import type { SessionUser } from '../../lib/session/session-store.ts';
import { PaletteButton } from '../command-palette/palette-button.tsx';
import { UserMenu } from './user-menu.tsx';

interface AppHeaderProps {
  user: SessionUser | null;
  merchants: readonly Merchant[];
  merchant: Merchant | null;
  /** The burger's state, on layouts with a navbar (below 768 px the navbar hides behind it). */
  burger?: { opened: boolean; toggle: () => void };
}

/**
 * The signed-in header: burger (phones), logo, command palette, merchant switcher and language (from 768 px; on a
 * phone they move into the navbar, see MobileHeaderControls), user menu. Nothing in it may grow past 375 px.
 */
export function AppHeader({ user, merchants, merchant, burger }: AppHeaderProps) {
  const { t } = useTranslation();
  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap" gap="sm">
      <Group gap="sm" wrap="nowrap" miw={0}>
        {burger && (
          <Burger
            opened={burger.opened}
            onClick={burger.toggle}
            hiddenFrom="sm"
            size="sm"
            aria-label={t('app.openMenu')}
            aria-expanded={burger.opened}
          />
        )}
        <Anchor
          component={Link}
          to={pathTo('home')}
          c="inherit"
          underline="never"
          aria-label={t('ui.shell.home')}
          miw={0}
        >
          <Box visibleFrom={burger ? undefined : 'xs'}>
            <Logo name={t('app.name')} />
          </Box>
          {!burger && (
            <Box hiddenFrom="xs">
              <Logo withWordmark={false} />
            </Box>
          )}
        </Anchor>
      </Group>
      <Group gap="sm" wrap="nowrap">
        {user && <PaletteButton />}
        {user && (
          <Box visibleFrom="sm">
            <HeaderMerchantSwitcher user={user} merchants={merchants} merchant={merchant} />
          </Box>
        )}
        {/* With a navbar, a phone finds the language there (MobileHeaderControls); onboarding keeps it here. */}
        <Box visibleFrom={burger ? 'sm' : undefined}>
          <LanguageSwitcher />
        </Box>
        {user && <UserMenu user={user} />}
      </Group>
    </Group>
  );
}

function HeaderMerchantSwitcher({
  user,
  merchants,
  merchant,
}: Omit<AppHeaderProps, 'burger'> & { user: SessionUser }) {
  const revalidator = useRevalidator();
  return (
    <MerchantSwitcher
      userId={user.id}
      merchants={merchants}
      merchant={merchant}
      onSwitched={() => void revalidator.revalidate()}
    />
  );
}

/** On a phone: the merchant switcher and language at the top of the navbar (the header has no room for them). */
export function MobileHeaderControls({ user, merchants, merchant }: Omit<AppHeaderProps, 'burger'>) {
  return (
    <Box hiddenFrom="sm" mb="sm">
      <Group gap="sm" wrap="wrap">
        {user && <HeaderMerchantSwitcher user={user} merchants={merchants} merchant={merchant} />}
        <LanguageSwitcher />
      </Group>
    </Box>
  );
}
