import { useTranslation } from 'react-i18next';
import { FilterBar } from '../../../components/filter-bar.tsx';
import { Page } from '../../../components/page.tsx';
import { useUrlFilters } from '../../../components/use-url-filters.ts';
import { useCurrentMerchant } from '../../../lib/merchant/current-merchant.ts';
import { usePayoutSites } from '../api/list-payout-sites.ts';
import { usePayouts } from '../api/list-payouts.ts';
import { PayoutsTable } from '../components/payouts-table.tsx';

/** /payouts (Payout_ListPayouts): every payout of the sites the user may see, filtered by site and day. */
export default function PayoutsScreen() {
  const { t } = useTranslation();
  const merchantId = useCurrentMerchant()?.merchantId ?? '';
  const { values } = useUrlFilters(['siteId', 'date']);
  const sites = usePayoutSites(merchantId);
  const payouts = usePayouts(merchantId, values);
  return (
    <Page titleKey="routes.payouts">
      <FilterBar
        fields={[
          {
            type: 'select',
            name: 'siteId',
            label: t('payouts.site'),
            options: (sites.data ?? []).map((site) => ({
              value: site.siteId,
              label: site.displayName ?? site.name,
            })),
          },
          { type: 'date', name: 'date', label: t('payouts.date') },
        ]}
      />
      <PayoutsTable
        records={payouts.data?.pages.flatMap((page) => page.data)}
        fetching={payouts.isFetching}
        error={payouts.error}
        onRetry={() => void payouts.refetch()}
        keyset={{
          hasMore: payouts.hasNextPage,
          loadingMore: payouts.isFetchingNextPage,
          onLoadMore: () => void payouts.fetchNextPage(),
        }}
      />
    </Page>
  );
}
