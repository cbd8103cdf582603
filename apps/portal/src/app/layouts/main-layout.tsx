import '../styles/app-shell-styles.ts';
import { AppShell, Burger, Group, Stack, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { ChurnedBanner } from '../../features/merchants/components/churned-banner.tsx';
import { StaffOverrideBanner } from '../../features/merchants/components/staff-override-banner.tsx';
import { CurrentMerchantContext } from '../../lib/merchant/current-merchant.ts';
import { Breadcrumbs } from '../navigation/breadcrumbs.tsx';
import { MainNavbar } from '../navigation/main-navbar.tsx';
import { HeaderActions } from './header-actions.tsx';
import { SignedInProviders } from './signed-in-providers.tsx';
import { useAppState } from './use-app-state.ts';

/**
 * The main app layout (SPEC §2.1 "main app"): header, menus, breadcrumbs and banners.
 * The billing warning banner (SPEC §2.3) joins once the billing API serves settings; see README.
 */
function MainLayoutContent() {
  const { t } = useTranslation();
  const [opened, { toggle, close }] = useDisclosure();
  const { user, merchants, merchant, guardBase } = useAppState();
  return (
    <CurrentMerchantContext value={merchant}>
      <AppShell
        header={{ height: 60 }}
        navbar={{ width: 260, breakpoint: 'sm', collapsed: { mobile: !opened } }}
        padding="md"
      >
        <AppShell.Header>
          <Group h="100%" px="md" justify="space-between" wrap="nowrap">
            <Group gap="sm" wrap="nowrap">
              <Burger
                opened={opened}
                onClick={toggle}
                hiddenFrom="sm"
                size="sm"
                aria-label={t('app.openMenu')}
              />
              <Title order={2} size="h4">
                {t('app.name')}
              </Title>
            </Group>
            <HeaderActions user={user} merchants={merchants} merchant={merchant} />
          </Group>
        </AppShell.Header>
        <AppShell.Navbar p="sm">
          <MainNavbar guardBase={guardBase} onNavigate={close} />
        </AppShell.Navbar>
        <AppShell.Main>
          <Stack gap="md">
            {user && <StaffOverrideBanner userId={user.id} />}
            <ChurnedBanner merchant={merchant} />
            <Breadcrumbs />
            <Outlet />
          </Stack>
        </AppShell.Main>
      </AppShell>
    </CurrentMerchantContext>
  );
}

export default function MainLayout() {
  return (
    <SignedInProviders>
      <MainLayoutContent />
    </SignedInProviders>
  );
}
