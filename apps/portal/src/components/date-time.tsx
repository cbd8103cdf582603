import { Text, type TextProps } from '@mantine/core';
import type { Locale } from '@mp/domain/locales';
import { useTranslation } from 'react-i18next';
import { type DateStyle, dateFormatter, formatDate } from '../lib/format/dates.ts';
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

/**
 * The same `<time>` as DateTime, for the cells of a long list: the formatter and the zone's tooltip are made once
 * per list, and a cell is a plain element — no hooks and no Mantine component per row (a page of 50 transactions
 * rendered 50 of each, issue 16 §2).
 */
export function dateTimeCell(
  locale: Locale,
  timeZone: string,
  zoneTitle: string,
  style: DateStyle = 'dateTime',
) {
  const format = dateFormatter(locale, timeZone, style);
  return (value: Date | string | number) => {
    const instant = new Date(value);
    return (
      <time dateTime={instant.toISOString()} title={zoneTitle} className={classes.dateTime}>
        {format.format(instant)}
      </time>
    );
  };
}
