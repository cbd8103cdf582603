import posthog from 'posthog-js';
import type { AnalyticsAdapter } from './analytics-port.ts';

/**
 * PostHog (issue 14 §3) when the API names a project key: only page views and leaves with the path and route id,
 * no autocapture, no session recording, no surveys, no remote scripts; `identify` with the user id alone.
 */
export function createPosthogAnalytics(key: string, host: string): AnalyticsAdapter {
  posthog.init(key, {
    api_host: host,
    autocapture: false,
    capture_pageview: false,
    capture_pageleave: false,
    disable_session_recording: true,
    disable_surveys: true,
    disable_external_dependency_loading: true,
    advanced_disable_flags: true,
    person_profiles: 'identified_only',
    mask_personal_data_properties: true,
    persistence: 'localStorage+cookie',
  });
  const url = (path: string) => new URL(path, window.location.origin).toString();
  return {
    name: 'posthog',
    track(event) {
      posthog.capture(event.type === 'page_view' ? '$pageview' : '$pageleave', {
        $current_url: url(event.path),
        $pathname: event.path,
        route_id: event.routeId,
        ...(event.durationMs === undefined ? {} : { duration_ms: event.durationMs }),
      });
    },
    identify(userId) {
      if (userId) posthog.identify(userId);
    },
    reset() {
      posthog.reset();
    },
    flushOnLeave() {
      // posthog-js sends its queue with sendBeacon on pagehide by itself.
    },
    stop() {
      posthog.opt_out_capturing();
      posthog.reset();
    },
  };
}
