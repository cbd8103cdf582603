import { Badge, type MantineColor } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * One colour per status of each SPEC §3 status family, and per merchant status (staff company settings). Green: money arrived or the thing is done; yellow/orange:
 * waiting; red: failed or taken back; grey: closed without money; blue/violet/cyan: in flight or informational.
 */
export const STATUS_COLOURS = {
  transaction: {
    pending: 'yellow',
    'pre-authorized': 'blue',
    'pre-authorized-pending-capture': 'cyan',
    'pre-authorized-capture-failed': 'red',
    captured: 'green',
    failed: 'red',
    'refund-pending': 'orange',
    refund: 'violet',
    refunded: 'violet',
    'unref-refund': 'grape',
    'partially-refunded': 'indigo',
    'chargeback-pending': 'orange',
    chargedback: 'pink',
    cancelled: 'gray',
  },
  payout: { pending: 'yellow', completed: 'green', failed: 'red' },
  invoice: { upcoming: 'blue', open: 'yellow', paid: 'green', overdue: 'red', void: 'gray' },
  invoicePayment: { processing: 'cyan', succeeded: 'green', failed: 'red' },
  report: { NEW: 'blue', PROCESSING: 'yellow', READY: 'green', ERROR: 'red' },
  merchant: { active: 'green', inactive: 'gray', churned: 'gray', blocked: 'red' },
  kyc: { pending: 'yellow', 'in-review': 'blue', verified: 'green', rejected: 'red' },
} as const satisfies Record<string, Record<string, MantineColor>>;

export type StatusFamily = keyof typeof STATUS_COLOURS;
export type StatusOf<F extends StatusFamily> = keyof (typeof STATUS_COLOURS)[F] & string;

interface StatusBadgeProps<F extends StatusFamily> {
  family: F;
  status: StatusOf<F>;
}

/**
 * A status as a badge: its translated label (`ui.status.<family>.<status>`) next to a dot in the status colour.
 * The "dot" variant keeps the text in the body colour, so it passes contrast in light and dark for every colour.
 */
export function StatusBadge<F extends StatusFamily>({ family, status }: StatusBadgeProps<F>) {
  const { t } = useTranslation();
  const labelKey: string = `ui.status.${family}.${status}`;
  return <StatusBadgeLabelled family={family} status={status} label={t(labelKey)} />;
}

/**
 * The same badge with its label already translated, for the cells of long lists: no translation hook per row (each
 * subscribes to language changes; the list re-renders on one anyway).
 */
export function StatusBadgeLabelled<F extends StatusFamily>({
  family,
  status,
  label,
}: StatusBadgeProps<F> & { label: string }) {
  const colours: Record<string, MantineColor> = STATUS_COLOURS[family];
  return (
    <Badge
      variant="dot"
      color={colours[status] ?? 'gray'}
      tt="none"
      size="md"
      data-status={status}
      // Never narrower than its label: in a table column the label would otherwise be cut to "C…".
      miw="max-content"
    >
      {label}
    </Badge>
  );
}
