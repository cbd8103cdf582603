import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { RouteId } from '../lib/paths.ts';
import { Page } from './page.tsx';

/** A screen finished by a later issue: its title and an honest "not available yet". */
export function ScreenPlaceholder({ routeId }: { routeId: RouteId }) {
  const { t } = useTranslation();
  return (
    <Page titleKey={`routes.${routeId}`}>
      <Text c="dimmed">{t('screens.comingSoon')}</Text>
    </Page>
  );
}
