import '../styles/app-shell-styles.ts';
import { AppShell, Stack } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import { Outlet } from 'react-router';
import { MAIN_CONTENT_ID, SkipLink } from '../../components/skip-link.tsx';
import { BillingWarningBanner } from '../../features/billing/components/billing-warning-banner.tsx';
import { ChatWidget } from '../../features/chat/components/chat-widget.tsx';
import { ChurnedBanner } from '../../features/merchants/components/churned-banner.tsx';
import { StaffOverrideBanner } from '../../features/merchants/components/staff-override-banner.tsx';
import { CurrentMerchantContext } from '../../lib/merchant/current-merchant.ts';
import { PaletteLoader } from '../command-palette/palette-loader.tsx';
import { MainNavbar } from '../navigation/main-navbar.tsx';
import { AppHeader, MobileHeaderControls } from './app-header.tsx';
import { SignedInProviders } from './signed-in-providers.tsx';
import { useAppState } from './use-app-state.ts';

/**
 * The main app layout (SPEC §2.1 "main app"): a responsive AppShell (navbar behind a burger below 768 px), header,
 * banners, the command palette (loaded on first use); breadcrumbs belong to each screen's PageHeader.
 */
function MainLayoutContent() {
  const [opened, { toggle, close }] = useDisclosure();
  const { user, merchants, merchant, guardBase } = useAppState();
  // Below 48em the navbar waits behind the burger: its menu and controls mount when it first opens, so a phone's
  // first page does not build, style and lay out ~100 elements it does not show (issue 16 §2). Read at the first
  // render (not in an effect), so a desktop's first render already has them.
  const phone = useMediaQuery('(max-width: 47.99em)', undefined, { getInitialValueInEffect: false });
  const [navbarOpened, setNavbarOpened] = useState(false);
  if (opened && !navbarOpened) setNavbarOpened(true);
  return (
    <CurrentMerchantContext value={merchant}>
      <SkipLink />
      <AppShell
        header={{ height: 60 }}
        navbar={{ width: 260, breakpoint: 'sm', collapsed: { mobile: !opened } }}
        padding={{ base: 'sm', sm: 'lg' }}
      >
        <AppShell.Header>
          <AppHeader user={user} merchants={merchants} merchant={merchant} burger={{ opened, toggle }} />
        </AppShell.Header>
        <AppShell.Navbar p="sm">
          {(!phone || navbarOpened) && (
            <>
              <MobileHeaderControls user={user} merchants={merchants} merchant={merchant} />
              <MainNavbar guardBase={guardBase} onNavigate={close} />
            </>
          )}
        </AppShell.Navbar>
        {/* The bottom padding keeps the last row's actions clear of the floating Help button (ChatWidget, fixed bottom-right). */}
        <AppShell.Main id={MAIN_CONTENT_ID} tabIndex={-1} style={{ outline: 'none', paddingBottom: 96 }}>
          <Stack gap="md" maw={1200} mx="auto" w="100%">
            {user && <StaffOverrideBanner userId={user.id} />}
            <ChurnedBanner merchant={merchant} />
            <BillingWarningBanner user={user} merchant={merchant} />
            <Outlet />
          </Stack>
        </AppShell.Main>
      </AppShell>
      {user && <PaletteLoader guardBase={guardBase} />}
      <ChatWidget user={user} merchant={merchant} />
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
