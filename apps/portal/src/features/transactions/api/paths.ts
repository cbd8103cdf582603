import type { TransactionFilters } from './list-transactions.ts';

/** The API paths of the transactions screen, shared by its queries and the requests sent ahead (lib/api/sent-ahead.ts). */

/** One keyset page; the first (no `lastKey`) also asks for the per-currency totals of the whole filtered set. */
export function transactionsPath(merchantId: string, filters: TransactionFilters, lastKey?: string): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries({ ...filters, lastKey })) if (value) query.set(key, value);
  if (!lastKey) query.set('includeTotals', 'true');
  return `/v1/merchants/${encodeURIComponent(merchantId)}/transactions?${query}`;
}

export function transactionSitesPath(merchantId: string): string {
  return `/merchants/${encodeURIComponent(merchantId)}/sites`;
}
