import type { DataRouter } from 'react-router';
import { apiUrl } from '../api/request.ts';
import { sessionStore } from '../session/session-store.ts';
import type { AnalyticsAdapter } from './analytics-port.ts';
import { createEmbeddedAnalytics } from './embedded-analytics.ts';
import { trackPages } from './page-tracker.ts';
import type { ErrorReporting, ErrorReportingConfig } from './sentry-browser.ts';

interface ClientConfig {
  analytics: { provider: 'embedded' | 'posthog'; posthogKey: string | null; posthogHost: string | null };
  errorReporting: Omit<ErrorReportingConfig, 'dsn'> & { dsn: string | null };
}

export interface Tracking {
  stop(): Promise<void>;
}

/**
 * What runs only with analytics consent (docs/decisions/0082): the analytics adapter the API names (our own
 * events endpoint, or PostHog), page tracking, and Sentry when a portal DSN is configured. The signed-in user's
 * id is the only personal datum either gets; when the session ends (sign-out, SPEC §4) both forget the user and
 * analytics starts a new identity. `consentId`: the consent cookie's id, sent with every batch of our own events.
 */
export async function startTracking(router: DataRouter, consentId: () => string | null): Promise<Tracking> {
  const response = await fetch(apiUrl('/analytics/client-config'), {
    headers: { Accept: 'application/json' },
  });
  const { data: config } = (await response.json()) as { data: ClientConfig };

  const { posthogKey, posthogHost } = config.analytics;
  const analytics: AnalyticsAdapter =
    posthogKey && posthogHost
      ? (await import('./posthog-analytics.ts')).createPosthogAnalytics(posthogKey, posthogHost)
      : createEmbeddedAnalytics(consentId);
  const { dsn } = config.errorReporting;
  const errors: ErrorReporting | null = dsn
    ? (await import('./sentry-browser.ts')).startSentry({ ...config.errorReporting, dsn })
    : null;

  let userId = sessionStore.get()?.user.id ?? null;
  analytics.identify(userId);
  errors?.setUser(userId);
  const unsubscribeSession = sessionStore.subscribe(() => {
    const next = sessionStore.get()?.user.id ?? null;
    if (next === userId) return;
    // Signed out (or another user): forget the previous identity first (SPEC §4).
    if (userId !== null) analytics.reset();
    userId = next;
    analytics.identify(userId);
    errors?.setUser(userId);
  });
  const stopPages = trackPages(router, analytics);

  return {
    async stop() {
      stopPages();
      unsubscribeSession();
      analytics.stop();
      await errors?.stop();
    },
  };
}
