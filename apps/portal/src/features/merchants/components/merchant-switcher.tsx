import { Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Merchant } from '../api/list-merchants.ts';
import { useSwitchMerchant } from '../merchant-context.ts';

interface MerchantSwitcherProps {
  userId: string;
  merchants: readonly Merchant[];
  merchant: Merchant | null;
  /** Called after the choice is stored and merchant data reloaded, e.g. to re-run the route's guards. */
  onSwitched: (merchant: Merchant) => void;
}

export function MerchantSwitcher({ userId, merchants, merchant, onSwitched }: MerchantSwitcherProps) {
  const { t } = useTranslation();
  const switchMerchant = useSwitchMerchant(userId, merchants);
  if (merchants.length === 0) return null;
  return (
    <Select
      aria-label={t('merchant.switcher')}
      placeholder={t('merchant.none')}
      data={merchants.map((m) => ({ value: m.merchantId, label: m.legalEntityName }))}
      value={merchant?.merchantId ?? null}
      onChange={async (merchantId) => {
        if (merchantId) onSwitched(await switchMerchant(merchantId));
      }}
      allowDeselect={false}
      searchable={merchants.length > 8}
      size="xs"
      w={220}
      // The options are mounted when the list opens, not hidden in the page from the start (Mantine's default): a
      // mounted list is positioned by floating-ui in a layout effect, which read computed style inside the signed-in
      // layout's first commit and forced the style and layout of the whole new page there, on every screen (issue
      // 16 §2, docs/decisions/0104).
      comboboxProps={{ keepMounted: false }}
    />
  );
}
