import { Spotlight } from '@mantine/spotlight';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { PaletteSourceProps } from '../../../lib/command-palette/palette-source.ts';
import { formatMoney } from '../../../lib/format/money.ts';
import { currentLocale } from '../../../lib/i18n/i18n.ts';
import { useCurrentMerchant } from '../../../lib/merchant/current-merchant.ts';
import { pathTo } from '../../../lib/paths.ts';
import { transactionsByPspQueryOptions } from '../api/find-transactions-by-psp.ts';

/** What a PSP reference looks like (Adyen: 16 characters); shorter text is not looked up. */
const PSP_REFERENCE = /^[A-Za-z0-9_-]{10,64}$/;

/** Command palette: a transaction of the current merchant by its PSP reference (the API narrows to the user's sites). */
export function TransactionPaletteSource({ query }: PaletteSourceProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const merchantId = useCurrentMerchant()?.merchantId ?? '';
  const reference = query.toUpperCase();
  const enabled = merchantId !== '' && PSP_REFERENCE.test(query);
  const found = useQuery({
    ...transactionsByPspQueryOptions(merchantId, [reference]),
    enabled,
    retry: false,
  });
  if (!enabled || !found.data?.length) return null;
  return (
    <Spotlight.ActionsGroup label={t('routes.transactions')}>
      {found.data.map((transaction) => (
        <Spotlight.Action
          key={transaction.id}
          label={`${transaction.pspReference} · ${formatMoney(
            { amount: transaction.amount + transaction.tipAmount, currency: transaction.currency },
            currentLocale(),
          )} · ${transaction.siteName}`}
          onClick={() =>
            void navigate(
              pathTo('transactions', {}, { psp: transaction.pspReference, transaction: transaction.id }),
            )
          }
        />
      ))}
    </Spotlight.ActionsGroup>
  );
}
