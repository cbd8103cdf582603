import { Spotlight } from '@mantine/spotlight';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { pathTo } from '../../../lib/paths.ts';
import { devicesQueryOptions } from '../api/devices-api.ts';

/** Command palette: a device by serial or label (server search from 3 characters); opens the devices list on it. */
export function DevicePaletteSource({
  query,
  guardBase,
}: {
  query: string;
  guardBase: { merchant: { merchantId: string } | null };
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const merchantId = guardBase.merchant?.merchantId ?? '';
  const devices = useQuery({
    ...devicesQueryOptions(merchantId, { pageNumber: 1, search: query }),
    enabled: merchantId !== '' && query.length >= 3,
  });
  const hits = query.length >= 3 ? (devices.data?.data ?? []).slice(0, 5) : [];
  if (hits.length === 0) return null;
  return (
    <Spotlight.ActionsGroup label={t('nav.devices')}>
      {hits.map((device) => (
        <Spotlight.Action
          key={device.deviceId}
          label={device.label ? `${device.serial} · ${device.label}` : device.serial}
          onClick={() => void navigate(pathTo('all-devices', {}, { search: device.serial }))}
        />
      ))}
    </Spotlight.ActionsGroup>
  );
}
