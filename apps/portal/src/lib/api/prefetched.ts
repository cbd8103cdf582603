/**
 * How long an answer a route's loader fetched ahead (app/screens/prefetch.ts) counts as fresh: the screen's query
 * mounts after its code has downloaded and rendered (up to a few seconds on a slow phone), and with the default of 0
 * it would send the same request again as soon as it mounted (issue 16 §2).
 */
export const PREFETCHED_FRESH_MS = 5_000;
