import { Alert } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadingIndicator } from '../../../components/loading-indicator.tsx';
import { Page } from '../../../components/page.tsx';
import { apiErrorKey } from '../../../lib/api/api-error.ts';
import { useCurrentMerchant } from '../../../lib/merchant/current-merchant.ts';
import { useOrderOptions } from '../api/devices-api.ts';
import { DeviceOrderFlow } from '../components/device-order-flow.tsx';
import { useAssignableSites } from './connect-new-device.tsx';

/** /request-new-device (Device_OrderDevice): the three steps, or the reason an order is blocked (SPEC §8). */
export default function OrderNewDeviceScreen() {
  const { t } = useTranslation();
  const merchantId = useCurrentMerchant()?.merchantId ?? '';
  const options = useOrderOptions(merchantId);
  const sites = useAssignableSites(merchantId);
  const [placed, setPlaced] = useState<string | null>(null);
  const blocked = options.data?.blockedBy;
  return (
    <Page titleKey="routes.order-new-device">
      {options.isPending && <LoadingIndicator size="sm" label={t('sites.loading')} />}
      {options.error && (
        <Alert color="red" variant="light" role="alert">
          {t(apiErrorKey(options.error, 'errors.generic'))}
        </Alert>
      )}
      {placed && (
        <Alert color="green" variant="light" role="status">
          {t('devices.order.placed')}
        </Alert>
      )}
      {blocked && (
        <Alert color="yellow" variant="light" role="alert">
          {t(
            {
              ACCOUNT_DEACTIVATED: 'validation.deviceOrderAccountDeactivated',
              NO_DEAL: 'validation.deviceOrderNoDeal',
              DEAL_NOT_SIGNED: 'validation.deviceOrderDealNotSigned',
              NO_PAYMENT_METHOD: 'validation.deviceOrderNoPaymentMethod',
            }[blocked],
          )}
        </Alert>
      )}
      {options.data && !blocked && !placed && (
        <DeviceOrderFlow
          merchantId={merchantId}
          options={options.data}
          sites={sites.data ?? []}
          onPlaced={setPlaced}
        />
      )}
    </Page>
  );
}
