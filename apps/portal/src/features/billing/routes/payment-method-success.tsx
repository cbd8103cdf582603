import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Page } from '../../../components/page.tsx';

export default function PaymentMethodSuccessScreen() {
  const { t } = useTranslation();
  return (
    <Page titleKey="routes.payment-method-success">
      <Text>{t('screens.paymentMethodSuccess')}</Text>
    </Page>
  );
}
