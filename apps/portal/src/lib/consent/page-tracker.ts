import { redactAnalyticsPath } from '@mp/domain/analytics-path';
import type { DataRouter } from 'react-router';
import type { AnalyticsAdapter } from './analytics-port.ts';

type RouterState = DataRouter['state'];

/** The deepest matched route's id: SPEC §2.1's label for the screens (`catch-all` for an unknown path). */
export function routeIdOf(state: RouterState): string {
  return state.matches.at(-1)?.route.id ?? 'unknown';
}

/**
 * Page views and page leaves (SPEC §1, issue 14 §3): a view when a navigation settles on a new path, a leave
 * (with how long the page was shown) when the next one settles or the page goes away (pagehide, which also sends
 * what is queued by beacon). Returns the function that stops tracking.
 */
export function trackPages(router: DataRouter, adapter: AnalyticsAdapter): () => void {
  let current: { path: string; routeId: string; since: number } | null = null;

  const leave = () => {
    if (!current) return;
    adapter.track({
      type: 'page_leave',
      path: current.path,
      routeId: current.routeId,
      occurredAt: new Date().toISOString(),
      durationMs: Math.max(0, Math.round(performance.now() - current.since)),
    });
    current = null;
  };

  const visit = (state: RouterState) => {
    if (!state.initialized || state.navigation.state !== 'idle') return;
    // An unknown path is whatever was typed or linked: no e-mail address or card number leaves with it.
    const path = redactAnalyticsPath(state.location.pathname);
    const routeId = routeIdOf(state);
    if (current?.path === path && current.routeId === routeId) return;
    leave();
    current = { path, routeId, since: performance.now() };
    adapter.track({ type: 'page_view', path, routeId, occurredAt: new Date().toISOString() });
  };

  const onPageHide = () => {
    leave();
    adapter.flushOnLeave();
  };
  // Back from the back/forward cache: the same page is shown again.
  const onPageShow = (event: PageTransitionEvent) => {
    if (event.persisted) visit(router.state);
  };

  visit(router.state);
  const unsubscribe = router.subscribe(visit);
  window.addEventListener('pagehide', onPageHide);
  window.addEventListener('pageshow', onPageShow);
  return () => {
    unsubscribe();
    window.removeEventListener('pagehide', onPageHide);
    window.removeEventListener('pageshow', onPageShow);
    current = null;
  };
}
