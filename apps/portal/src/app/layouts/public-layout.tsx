import { Box, Container, Group, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Outlet, useMatch } from 'react-router';
import { LanguageSwitcher } from '../../features/session/components/language-switcher.tsx';
import { ROUTE_PATHS } from '../../lib/paths.ts';

/** Public pages: sign-in, join, forgot password, not found and the companion-app hand-offs. */
export default function PublicLayout() {
  const { t } = useTranslation();
  // SPEC §2.1: /join has a pink background, logo left-aligned.
  const joining = useMatch(ROUTE_PATHS.join) !== null;
  return (
    <Box mih="100vh" bg={joining ? 'pink.1' : undefined}>
      <Group justify="space-between" px="md" py="sm" component="header">
        <Title order={2} size="h4">
          {t('app.name')}
        </Title>
        <LanguageSwitcher />
      </Group>
      <Container size="md" component="main" py="lg">
        <Outlet />
      </Container>
    </Box>
  );
}
