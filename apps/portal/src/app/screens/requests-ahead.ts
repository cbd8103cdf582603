import { ratesPath } from '../../features/company/api/paths.ts';
import { transactionDashboardPath, transactionTotalsPath } from '../../features/home/api/paths.ts';
import { transactionSitesPath, transactionsPath } from '../../features/transactions/api/paths.ts';
import {
  searchInputFrom,
  transactionSearch,
} from '../../features/transactions/components/transaction-search.ts';
import type { RouteId } from '../../lib/paths.ts';

/**
 * The GETs a screen's loader sends first (app/screens/prefetch.ts), as paths for a merchant known before the guard
 * has resolved one: sent ahead with `/identity/me` and `/merchants` on the first load of a signed-in page
 * (lib/api/sent-ahead.ts), they save the round trip the loader would wait for (issue 16 §2). No permission is
 * checked here: the API checks every one, and the loader claims an answer only when it asks for it itself.
 */
export function screenRequestsAhead(routeId: RouteId, url: URL, merchantId: string): string[] {
  switch (routeId) {
    case 'home':
      return [
        transactionTotalsPath(merchantId),
        transactionDashboardPath(merchantId),
        transactionsPath(merchantId, {}),
      ];
    case 'transactions': {
      const search = transactionSearch(searchInputFrom(url.searchParams));
      const list = search.kind === 'list' ? [transactionsPath(merchantId, search.filters)] : [];
      return [...list, transactionSitesPath(merchantId)];
    }
    case 'company-settings':
      return [ratesPath(merchantId)];
    default:
      return [];
  }
}
