/**
 * The analytics port (issue 14 §3). Two adapters, both started only after analytics consent:
 * - our own API (`POST /api/analytics/events`, embedded default, `embedded-analytics.ts`);
 * - PostHog (`posthog-js`, `posthog-analytics.ts`) when the API names a PostHog key.
 */
export interface PageEvent {
  type: 'page_view' | 'page_leave';
  /** The path without query or fragment (they may carry e-mail addresses or codes). */
  path: string;
  /** SPEC §2.1's route label (DESIGN §4: the route id). */
  routeId: string;
  occurredAt: string;
  /** page_leave: how long the page was shown. */
  durationMs?: number;
}

export interface AnalyticsAdapter {
  readonly name: 'embedded' | 'posthog';
  track(event: PageEvent): void;
  /** The signed-in user (null: nobody). */
  identify(userId: string | null): void;
  /** SPEC §4: sign-out resets the analytics identity. */
  reset(): void;
  /** The page is going away: send what is queued now (sendBeacon). */
  flushOnLeave(): void;
  /** Consent withdrawn: stop and delete what the adapter stored. */
  stop(): void;
}
