import { Badge, Tooltip } from '@mantine/core';
import { type DeviceActivityBucket, deviceActivityBucket } from '@mp/domain/constants';
import { useTranslation } from 'react-i18next';
import { DateTime } from '../../../components/date-time.tsx';

const BUCKET_COLOURS: Record<DeviceActivityBucket, string> = {
  'within-24-hours': 'green',
  'within-1-week': 'yellow',
  'over-1-week': 'gray',
};

/** SPEC §9: last activity in three buckets, the exact time on hover. */
export function LastActivity({ at }: { at: string | null }) {
  const { t } = useTranslation();
  if (!at) return <>—</>;
  const bucket = deviceActivityBucket(Date.parse(at), Date.now());
  return (
    <Tooltip label={<DateTime value={at} />}>
      <Badge
        color={BUCKET_COLOURS[bucket]}
        variant="light"
        tt="none"
        tabIndex={0}
        styles={{ root: { overflow: 'visible' }, label: { overflow: 'visible' } }}
      >
        {t(`devices.activity.${bucket}`)}
      </Badge>
    </Tooltip>
  );
}
