import { holdsPermissions } from '@mp/domain/permissions';
import { ratesQueryOptions } from '../../features/company/api/get-rates.ts';
import { transactionDashboardQueryOptions } from '../../features/home/api/get-transaction-dashboard.ts';
import { transactionTotalsQueryOptions } from '../../features/home/api/get-transaction-totals.ts';
import { transactionSitesQueryOptions } from '../../features/transactions/api/list-transaction-sites.ts';
import { transactionsQueryOptions } from '../../features/transactions/api/list-transactions.ts';
import { transactionSearch } from '../../features/transactions/components/transaction-search.ts';
import { isStaffUser } from '../../lib/session/session-store.ts';
import type { GuardContext } from '../guards/guard.ts';
import { CONTINUE } from '../guards/guard.ts';
import { requireCompanySettingsAccess } from '../guards/guards.ts';
import { queryClient } from '../query-client.ts';

/**
 * The first requests of a screen, sent by its route's loader as soon as the guard has let it through (issue 16 §2),
 * so they travel while the screen's code downloads instead of after its first render; the screen's queries find
 * them in the cache under the same keys (the same query options). Nothing waits for them: the screen renders and
 * shows its skeletons as before, and a failure is the screen's own query's to show.
 */
export type ScreenPrefetch = (context: GuardContext) => void;

function seesTransactions(context: GuardContext): boolean {
  return (
    context.merchant !== null &&
    holdsPermissions(
      { isStaff: isStaffUser(context.user), permissions: context.merchant.permissions },
      ['Transaction:ListTransactions'],
      { kind: 'any-site' },
    )
  );
}

/** Home: the 30-day totals, the sales per day and the newest transactions (what features/home shows). */
export const prefetchHome: ScreenPrefetch = (context) => {
  if (!context.merchant || !seesTransactions(context)) return;
  const { merchantId } = context.merchant;
  void queryClient.prefetchQuery(transactionTotalsQueryOptions(merchantId));
  void queryClient.prefetchQuery(transactionDashboardQueryOptions(merchantId));
  void queryClient.prefetchInfiniteQuery(transactionsQueryOptions(merchantId, {}));
};

/** /transactions: the first page the URL's filters ask for (the list search only) and the site filter's sites. */
export const prefetchTransactions: ScreenPrefetch = (context) => {
  if (!context.merchant) return;
  const { merchantId } = context.merchant;
  const value = (name: string) => context.url.searchParams.get(name) ?? undefined;
  const search = transactionSearch({
    from: value('from'),
    to: value('to'),
    psp: value('psp'),
    siteId: value('siteId'),
    status: value('status'),
    source: value('source'),
    card: value('card'),
  });
  if (search.kind === 'list')
    void queryClient.prefetchInfiniteQuery(transactionsQueryOptions(merchantId, search.filters));
  void queryClient.prefetchQuery(transactionSitesQueryOptions(merchantId));
};

/**
 * /company-settings: the rates (the details come with the merchant), for the holders of the screen's own
 * permissions (company-wide, as its guard `requireCompanySettingsAccess` asks): the loader sends this only after
 * the guard has let the user in, but the prefetch does not lean on that order: it asks the guard itself.
 */
export const prefetchCompanySettings: ScreenPrefetch = (context) => {
  if (!context.merchant || requireCompanySettingsAccess(context) !== CONTINUE) return;
  void queryClient.prefetchQuery(ratesQueryOptions(context.merchant.merchantId));
};
