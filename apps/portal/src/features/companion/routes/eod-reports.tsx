import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Page } from '../../../components/page.tsx';

// The hand-off into the companion app (deep link) is finished by the companion-app issue.
export default function EodReportsRedirectScreen() {
  const { t } = useTranslation();
  return (
    <Page titleKey="routes.companion-eod-reports">
      <Text>{t('screens.companionRedirect')}</Text>
    </Page>
  );
}
