import type { TFunction } from 'i18next';
import type { PaymentMethod } from '../api/billing-settings.ts';

/** "Visa ending 4242", "SEPA Direct Debit, DE …3000", "BACS Direct Debit, 10-88-00 …2345". */
export function paymentMethodLabel(
  method: Pick<PaymentMethod, 'type' | 'brand' | 'lastFour'>,
  t: TFunction,
): string {
  if (method.type === 'card') {
    const brand = method.brand
      ? t(`billing.brands.${method.brand}`, { defaultValue: method.brand })
      : t('billing.types.card');
    return t('billing.cardEnding', { brand, lastFour: method.lastFour ?? '' });
  }
  return t('billing.accountEnding', {
    type: t(`billing.types.${method.type}`),
    prefix: method.brand ?? '',
    lastFour: method.lastFour ?? '',
  });
}
