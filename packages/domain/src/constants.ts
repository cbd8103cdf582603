// SPEC §9 (and the numbers of §4 and §5) as named constants.

/** Notification toast defaults (SPEC §4, §9). */
export const TOAST_TIMEOUT_MS = 5000;
export const TOAST_DEFAULT_TYPE = 'success';
export const TOAST_POSITION = 'bottom';

export const PASSWORD_MIN_LENGTH = 8;
/** Ours: an upper bound so a password cannot be used to make hashing expensive. */
export const PASSWORD_MAX_LENGTH = 256;
/** Confirmation and reset codes: six digits. */
export const NUMERIC_CODE_LENGTH = 6;
export const ONBOARDING_SHORTCODE_LENGTH = 6;
export const SITE_SHORT_CODE_MIN_LENGTH = 2;
export const SITE_SHORT_CODE_MAX_LENGTH = 4;
export const PIN_LENGTH = 4;
export const CARD_SUMMARY_FILTER_LENGTHS = [4, 6] as const;
export const ADJUST_THRESHOLD_MIN = 1;
export const ADJUST_THRESHOLD_MAX_DECIMALS = 2;
/** Billing rates (SPEC §3) are percentages: 0 to 100, stored with 4 decimals (numeric(6,4)). */
export const RATE_PERCENT_MIN = 0;
export const RATE_PERCENT_MAX = 100;
export const RATE_PERCENT_MAX_DECIMALS = 4;

/** Transaction and ledger report or filter range, in calendar months. */
export const TRANSACTION_DATE_RANGE_MAX_MONTHS = 6;
export const LEDGER_DATE_RANGE_MAX_MONTHS = 6;
/** Payout report (download) range, in calendar months: one year. */
export const PAYOUT_DATE_RANGE_MAX_MONTHS = 12;

export const TEMPORARY_PASSWORD_VALIDITY_DAYS = 7;
export const FORGOT_PASSWORD_RETRY_WAIT_MINUTES = 10;

/** Churn: usually 30 days rolling, with an optional delay in days. */
export const CHURN_NOTICE_DAYS = 30;
export const CHURN_DEFAULT_DELAY_DAYS = 0;
/** Devices are returned within 10 business days after closure. */
export const DEVICE_RETURN_BUSINESS_DAYS = 10;
/** Device dock: £9.99 outright, in minor units. */
export const DEVICE_DOCK_PRICE = { amount: 999, currency: 'GBP' } as const;

/** Delivery: 7am to 1pm, Monday to Saturday (ISO weekdays, 1 = Monday). */
export const DELIVERY_WINDOW = {
  startHour: 7,
  endHour: 13,
  weekdays: [1, 2, 3, 4, 5, 6],
} as const;

const HOUR_MS = 60 * 60 * 1000;
/** Device activity buckets: within 24 hours; between 24 hours and 1 week; over 1 week. */
export const DEVICE_ACTIVITY_BUCKETS = ['within-24-hours', 'within-1-week', 'over-1-week'] as const;
export type DeviceActivityBucket = (typeof DEVICE_ACTIVITY_BUCKETS)[number];
export const DEVICE_ACTIVITY_RECENT_MS = 24 * HOUR_MS;
export const DEVICE_ACTIVITY_WEEK_MS = 7 * 24 * HOUR_MS;

/** Which bucket a device's last activity falls in, `now` and `lastActivity` in epoch milliseconds. */
export function deviceActivityBucket(lastActivity: number, now: number): DeviceActivityBucket {
  const age = now - lastActivity;
  if (age <= DEVICE_ACTIVITY_RECENT_MS) return 'within-24-hours';
  if (age <= DEVICE_ACTIVITY_WEEK_MS) return 'within-1-week';
  return 'over-1-week';
}

export const BILLING_RECOMMENDED_PAYMENT_METHODS = 2;

/** Transaction filter date format (date-fns tokens). */
export const TRANSACTION_FILTER_DATE_FORMAT = 'yyyy.MM.dd';

/** Companion session: checked every 60 seconds; a refresh is asked for when under 5 minutes remain. */
export const COMPANION_SESSION_CHECK_INTERVAL_MS = 60_000;
export const COMPANION_SESSION_REFRESH_BEFORE_EXPIRY_MS = 5 * 60_000;

/** Chat widget: hidden on /join at 600 px wide or less; 100 px vertical padding on /join. */
export const CHAT_WIDGET_HIDE_MAX_WIDTH_PX = 600;
export const CHAT_WIDGET_JOIN_VERTICAL_PADDING_PX = 100;
/** Social sign-in button label is shortened under this width. */
export const SOCIAL_LABEL_SHORT_BELOW_WIDTH_PX = 330;

/** Error reporting sample rates. */
export const ERROR_REPORTING_SAMPLE_RATES = {
  traces: 1,
  sessionReplays: 0.1,
  errorReplays: 1,
} as const;

/**
 * SPEC §8: what error reporting ignores (token refresh not supported when authenticated; request failed with status
 * 401; a large render-blocking asset). Matched against an event's message or exception value, as Sentry's
 * `ignoreErrors` does (a string matches as a substring, a RegExp as a pattern).
 */
export const ERROR_REPORTING_IGNORED = [
  /token refresh (is )?not supported when authenticated/i,
  /request failed with status( code)? 401\b/i,
  /large render[- ]blocking asset/i,
] as const;
