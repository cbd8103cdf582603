import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import styles from './live-indicator.module.css';
import { type LiveStatus, useLiveTransactions } from './use-live-transactions.ts';

const COLOR = { live: 'green', connecting: 'gray', reconnecting: 'yellow' } as const;
const STATUSES = Object.keys(COLOR) as (keyof typeof COLOR)[];

/**
 * Whether the screen is receiving new transactions as they happen (nothing when the stream is refused).
 * It takes the room of its widest status whatever it shows: "Connecting…" turning into "Live" made the page header
 * reflow on a phone (a layout shift of 0.3 on home and transactions, issue 16 §2). The other statuses are laid out
 * in the same grid cell, invisible and hidden from assistive technology.
 */
export function LiveIndicator({ status }: { status: LiveStatus }) {
  const { t } = useTranslation();
  if (status === 'off') return null;
  return (
    <span className={styles.room}>
      {STATUSES.map((shown) =>
        shown === status ? (
          <Badge
            key={shown}
            variant="dot"
            color={COLOR[shown]}
            size="lg"
            role="status"
            aria-label={`${t('transactions.live.label')}: ${t(`transactions.live.${shown}`)}`}
          >
            {t(`transactions.live.${shown}`)}
          </Badge>
        ) : (
          <Badge key={shown} variant="dot" size="lg" className={styles.unseen} aria-hidden>
            {t(`transactions.live.${shown}`)}
          </Badge>
        ),
      )}
    </span>
  );
}

/**
 * A merchant's live transactions (useLiveTransactions: the stream, and the queries it marks stale) with their
 * indicator, in a component of their own, so the stream's status changes ("Connecting…" → "Live") re-render the
 * indicator alone, not the screen around it: on a first visit of /transactions that re-render of the whole screen was
 * a 16 ms synchronous task (issue 16 §2).
 */
export function LiveTransactions({ merchantId }: { merchantId: string | undefined }) {
  return <LiveIndicator status={useLiveTransactions(merchantId)} />;
}
