import { Text, type TextProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { type DateStyle, formatDate } from '../lib/format/dates.ts';
import { currentLocale } from '../lib/i18n/i18n.ts';
import { useCurrentMerchant } from '../lib/merchant/current-merchant.ts';
import classes from './date-time.module.css';

interface DateTimeProps extends Omit<TextProps, 'children'> {
  /** A UTC instant (ISO string from the API, Date or epoch ms). */
  value: Date | string | number;
  /** `dateTime` (default) and `dateTimeSeconds` show the zone's short name; `date` shows the day only. */
  format?: DateStyle;
  /** The zone to show it in; defaults to the current merchant's (DESIGN §2), else the browser's. */
  timeZone?: string;
}

/**
 * An instant in the merchant's time zone, with the zone named ("23 Nov 2026, 10:35 GMT") and the full zone id in
 * the tooltip. A `<time>` element, so the machine-readable instant stays in the DOM.
 */
export function DateTime({ value, format = 'dateTime', timeZone, ...textProps }: DateTimeProps) {
  const { t } = useTranslation();
  const merchant = useCurrentMerchant();
  const zone = timeZone ?? merchant?.timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
  const instant = new Date(value);
  return (
    <Text
      component="time"
      inherit
      dateTime={instant.toISOString()}
      title={t('ui.dateTime.zone', { zone })}
      className={classes.dateTime}
      {...textProps}
    >
      {formatDate(instant, currentLocale(), zone, format)}
    </Text>
  );
}
