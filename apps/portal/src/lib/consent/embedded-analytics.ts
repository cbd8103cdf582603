import { authFetch } from '../api/auth-fetch.ts';
import { apiUrl } from '../api/request.ts';
import { sessionStore } from '../session/session-store.ts';
import { readString, removeKey, writeString } from '../storage/local-storage.ts';
import type { AnalyticsAdapter, PageEvent } from './analytics-port.ts';

/** Written only after analytics consent (docs/decisions/0082); deleted on withdrawal, replaced on sign-out. */
export const VISITOR_KEY = 'mp.analytics.visitor';
const FLUSH_DELAY_MS = 2000;
const MAX_BATCH = 50;

function visitorId(): string {
  const stored = readString(VISITOR_KEY);
  if (stored) return stored;
  const fresh = crypto.randomUUID();
  writeString(VISITOR_KEY, fresh);
  return fresh;
}

/**
 * The embedded default: events queue for a moment and go in one batch, with the consent cookie's id (`consentId`:
 * the API stores a batch only while that id's latest recorded choice accepts analytics, decision 0082) (`fetch`, with the bearer token when
 * someone is signed in, so the API records the user id from the token); what is queued when the page goes away
 * goes by `navigator.sendBeacon`. A failed batch is dropped: analytics never retries at the user's expense.
 */
export function createEmbeddedAnalytics(consentId: () => string | null): AnalyticsAdapter {
  let queue: PageEvent[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;

  const take = () => {
    clearTimeout(timer);
    timer = undefined;
    const batch = queue.slice(0, MAX_BATCH);
    queue = queue.slice(MAX_BATCH);
    const consent = consentId();
    // Without a consent id (the cookie gone) there is no recorded choice to send under: the batch is dropped.
    return batch.length > 0 && consent
      ? JSON.stringify({ consentId: consent, visitorId: visitorId(), events: batch })
      : null;
  };

  const flush = () => {
    const body = take();
    if (!body) return;
    const headers = { 'Content-Type': 'application/json' };
    const request = new Request(apiUrl('/analytics/events'), {
      method: 'POST',
      headers,
      body,
      keepalive: true,
    });
    // authFetch adds the bearer token (and refreshes it) when a session exists; anonymous otherwise.
    void (sessionStore.get() ? authFetch(request) : fetch(request)).catch(() => undefined);
    if (queue.length > 0) flush();
  };

  return {
    name: 'embedded',
    track(event) {
      if (stopped) return;
      queue.push(event);
      if (queue.length >= MAX_BATCH) flush();
      else timer ??= setTimeout(flush, FLUSH_DELAY_MS);
    },
    identify() {
      // The API takes the user id from the bearer token of each batch; nothing to remember here.
    },
    reset() {
      flush();
      removeKey(VISITOR_KEY);
    },
    flushOnLeave() {
      for (let body = take(); body; body = take()) {
        navigator.sendBeacon(apiUrl('/analytics/events'), new Blob([body], { type: 'application/json' }));
      }
    },
    stop() {
      stopped = true;
      clearTimeout(timer);
      queue = [];
      removeKey(VISITOR_KEY);
    },
  };
}
