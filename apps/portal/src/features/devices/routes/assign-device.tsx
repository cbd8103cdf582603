import { Alert, Box, Stack, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentMerchant } from '../../../lib/merchant/current-merchant.ts';
import type { Device } from '../api/devices-api.ts';
import { AssignDeviceForm } from '../components/assign-device-form.tsx';
import { useAssignableSites } from './connect-new-device.tsx';

/** /assign-device: the standalone page for a phone held next to the terminal (no menu, large inputs). */
export default function AssignDeviceScreen() {
  const { t } = useTranslation();
  const merchantId = useCurrentMerchant()?.merchantId ?? '';
  const sites = useAssignableSites(merchantId);
  const [connected, setConnected] = useState<Device | null>(null);
  return (
    <Box maw={480} mx="auto">
      <Stack gap="lg">
        <Title order={1} size="h2">
          {t('routes.assign-device')}
        </Title>
        {connected && (
          <Alert color="green" variant="light" role="status">
            {t('devices.assign.connected', {
              serial: connected.serial,
              site: sites.data?.find((s) => s.siteId === connected.siteId)?.name ?? '',
            })}
          </Alert>
        )}
        {sites.data && (
          <AssignDeviceForm merchantId={merchantId} sites={sites.data} onAssigned={setConnected} />
        )}
      </Stack>
    </Box>
  );
}
