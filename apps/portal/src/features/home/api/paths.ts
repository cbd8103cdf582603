/** The API paths of home's figures, shared by their queries and the requests sent ahead (lib/api/sent-ahead.ts). */
const transactionsOf = (merchantId: string) => `/v1/merchants/${encodeURIComponent(merchantId)}/transactions`;

/** Without `startDate` the API counts the last 30 days in the merchant's time zone; without `siteId`, every site. */
export function transactionTotalsPath(
  merchantId: string,
  query: { siteId?: string; startDate?: string } = {},
) {
  const search = new URLSearchParams(
    Object.entries(query).filter((entry): entry is [string, string] => Boolean(entry[1])),
  ).toString();
  return `${transactionsOf(merchantId)}/totals${search ? `?${search}` : ''}`;
}

export function transactionDashboardPath(merchantId: string) {
  return `${transactionsOf(merchantId)}/dashboard`;
}
