import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Page } from '../../../components/page.tsx';
import { useCurrentMerchant } from '../../../lib/merchant/current-merchant.ts';
import { useSession } from '../../../lib/session/use-session.ts';

export default function HomeScreen() {
  const { t } = useTranslation();
  const user = useSession()?.user;
  const merchant = useCurrentMerchant();
  const name = user?.firstName?.trim();
  return (
    <Page titleKey="routes.home">
      <Text size="lg">{name ? t('home.welcome', { name }) : t('home.welcomeNoName')}</Text>
      {merchant && <Text>{t('home.currentMerchant', { merchant: merchant.legalEntityName })}</Text>}
    </Page>
  );
}
