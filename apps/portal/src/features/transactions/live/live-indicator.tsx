import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { LiveStatus } from './use-live-transactions.ts';

const COLOR = { live: 'green', connecting: 'gray', reconnecting: 'yellow' } as const;

/** Whether the screen is receiving new transactions as they happen (nothing when the stream is refused). */
export function LiveIndicator({ status }: { status: LiveStatus }) {
  const { t } = useTranslation();
  if (status === 'off') return null;
  return (
    <Badge
      variant="dot"
      color={COLOR[status]}
      size="lg"
      role="status"
      aria-label={`${t('transactions.live.label')}: ${t(`transactions.live.${status}`)}`}
    >
      {t(`transactions.live.${status}`)}
    </Badge>
  );
}
