import '../styles/app-shell-styles.ts';
import { Box, Container, Group, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { CurrentMerchantContext } from '../../lib/merchant/current-merchant.ts';
import { HeaderActions } from './header-actions.tsx';
import { SignedInProviders } from './signed-in-providers.tsx';
import { useAppState } from './use-app-state.ts';

function OnboardingLayoutContent() {
  const { t } = useTranslation();
  const { user, merchants, merchant } = useAppState();
  return (
    <CurrentMerchantContext value={merchant}>
      <Box mih="100vh">
        <Group justify="space-between" px="md" py="sm" component="header">
          <Title order={2} size="h4">
            {t('app.name')}
          </Title>
          <HeaderActions user={user} merchants={merchants} merchant={merchant} />
        </Group>
        <Container size="md" component="main" py="lg">
          <Outlet />
        </Container>
      </Box>
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
