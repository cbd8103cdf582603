import '../styles/app-shell-styles.ts';
import { AppShell, Container } from '@mantine/core';
import { Outlet } from 'react-router';
import { MAIN_CONTENT_ID, SkipLink } from '../../components/skip-link.tsx';
import { CurrentMerchantContext } from '../../lib/merchant/current-merchant.ts';
import { PaletteLoader } from '../command-palette/palette-loader.tsx';
import { AppHeader } from './app-header.tsx';
import { SignedInProviders } from './signed-in-providers.tsx';
import { useAppState } from './use-app-state.ts';

/** The onboarding layout (SPEC §2.1): the same header as the app, no navbar, a centred column. */
function OnboardingLayoutContent() {
  const { user, merchants, merchant, guardBase } = useAppState();
  return (
    <CurrentMerchantContext value={merchant}>
      <SkipLink />
      <AppShell header={{ height: 60 }} padding={{ base: 'sm', sm: 'lg' }}>
        <AppShell.Header>
          <AppHeader user={user} merchants={merchants} merchant={merchant} />
        </AppShell.Header>
        <AppShell.Main id={MAIN_CONTENT_ID} tabIndex={-1} style={{ outline: 'none' }}>
          <Container size="md" px={0}>
            <Outlet />
          </Container>
        </AppShell.Main>
      </AppShell>
      {user && <PaletteLoader guardBase={guardBase} />}
    </CurrentMerchantContext>
  );
}

export default function OnboardingLayout() {
  return (
    <SignedInProviders>
      <OnboardingLayoutContent />
    </SignedInProviders>
  );
}
