import { Text, type TextProps } from '@mantine/core';
import { formatMoney, type Money as MoneyValue } from '../lib/format/money.ts';
import { currentLocale } from '../lib/i18n/i18n.ts';
import classes from './money.module.css';

interface MoneyProps extends Omit<TextProps, 'children'> {
  /** Integer minor units with the amount's own ISO currency (never a float, never the merchant's by guess). */
  value: MoneyValue;
  /** Show a leading "+" on positive amounts (ledgers). */
  signed?: boolean;
}

/**
 * An amount as the merchant reads it: in its own currency, the locale's format, tabular figures so columns
 * line up, negative amounts in red. Use it for every amount on screen (STYLE §5).
 */
export function Money({ value, signed = false, ...textProps }: MoneyProps) {
  const text = formatMoney(value, currentLocale());
  const negative = value.amount < 0;
  return (
    <Text
      component="span"
      inherit
      className={classes.money}
      data-negative={negative || undefined}
      {...textProps}
    >
      {signed && value.amount > 0 ? `+${text}` : text}
    </Text>
  );
}

/** The same amount as Money in a plain `<span>`, for the cells of long lists (no Mantine component per amount). */
export function MoneyCell({ value }: { value: MoneyValue }) {
  return (
    <span className={classes.money} data-negative={value.amount < 0 || undefined}>
      {formatMoney(value, currentLocale())}
    </span>
  );
}
