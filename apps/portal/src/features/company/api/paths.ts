/** The path of the rates, shared by their query and the requests sent ahead (lib/api/sent-ahead.ts). */
export function ratesPath(merchantId: string): string {
  return `/v1/merchants/${encodeURIComponent(merchantId)}/rates`;
}
