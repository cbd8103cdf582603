import { Alert } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Page } from '../../../components/page.tsx';
import type { ResponseData } from '../../../lib/api/operations.ts';
import { apiRequest } from '../../../lib/api/request.ts';
import { useCurrentMerchant } from '../../../lib/merchant/current-merchant.ts';
import type { Device } from '../api/devices-api.ts';
import { AssignDeviceForm } from '../components/assign-device-form.tsx';

export function useAssignableSites(merchantId: string) {
  return useQuery({
    queryKey: ['sites', merchantId, 'summaries'],
    queryFn: () =>
      apiRequest<ResponseData<'listSites'>>('GET', `/merchants/${encodeURIComponent(merchantId)}/sites`),
    enabled: merchantId !== '',
  });
}

/** /assign-new-device (Device_AssignDevice): choose the site, type the code the terminal shows. */
export default function ConnectNewDeviceScreen() {
  const { t } = useTranslation();
  const merchantId = useCurrentMerchant()?.merchantId ?? '';
  const sites = useAssignableSites(merchantId);
  const [connected, setConnected] = useState<Device | null>(null);
  return (
    <Page titleKey="routes.connect-new-device">
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
    </Page>
  );
}
