import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { authFetch } from '../../../lib/api/auth-fetch.ts';
import { apiUrl } from '../../../lib/api/request.ts';
import { parseEventStream } from './event-stream.ts';

/** `off`: the API refused the stream (no right to it); the screens then simply do not update live. */
export type LiveStatus = 'connecting' | 'live' | 'reconnecting' | 'off';

/** The queries a changed transaction makes stale: list pages (screen and home), totals, dashboard, its detail. */
export const liveQueryKeys = (merchantId: string, transactionIds: readonly string[]) => [
  ['transactions', merchantId],
  ['transactions-by-psp', merchantId],
  ['transaction-totals', merchantId],
  ['transaction-dashboard', merchantId],
  ...transactionIds.map((id) => ['transaction', merchantId, id]),
];

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });

/**
 * Live transactions (issue 11 §2): reads GET /v1/merchants/{id}/transactions/events (server-sent events, with
 * the bearer token, so through fetch rather than EventSource) while mounted; each `transaction` event marks the
 * transaction queries stale, so the open list, totals and home refetch and the new payment shows at the top.
 * Reconnects with Last-Event-ID after a drop (1 s, doubling to 30 s), so nothing that changed meanwhile is missed:
 * the id is a cursor in commit terms (decision 0097), and a change sent twice (before and after a drop) only
 * refetches again, since the list shows what the API answers, once per transaction.
 */
export function useLiveTransactions(merchantId: string | undefined): LiveStatus {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<LiveStatus>('connecting');

  useEffect(() => {
    if (!merchantId) return;
    const controller = new AbortController();
    const { signal } = controller;
    let lastEventId: string | undefined;
    let pending: ReturnType<typeof setTimeout> | undefined;
    const changed = new Set<string>();
    let everything = false;
    // A burst of payments refetches once. `undefined`: the API said to read everything again (a reset: more
    // changes than it replays, or a cursor from before decision 0097), every open transaction's detail too.
    const refresh = (transactionId: string | undefined) => {
      if (transactionId === undefined) everything = true;
      else changed.add(transactionId);
      if (pending) return;
      pending = setTimeout(() => {
        pending = undefined;
        const ids = [...changed];
        changed.clear();
        const keys = liveQueryKeys(merchantId, ids);
        if (everything) keys.push(['transaction', merchantId]);
        everything = false;
        for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
      }, 250);
    };

    const run = async () => {
      let attempt = 0;
      while (!signal.aborted) {
        try {
          const headers: Record<string, string> = { Accept: 'text/event-stream' };
          if (lastEventId) headers['Last-Event-ID'] = lastEventId;
          const response = await authFetch(
            new Request(apiUrl(`/v1/merchants/${encodeURIComponent(merchantId)}/transactions/events`), {
              headers,
              signal,
            }),
          );
          if (response.status >= 400 && response.status < 500) {
            setStatus('off');
            return;
          }
          if (!response.ok || !response.body) throw new Error(`live events: ${response.status}`);
          setStatus('live');
          attempt = 0;
          const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
          let buffer = '';
          for (;;) {
            const { value, done } = await reader.read();
            if (done) break;
            const parsed = parseEventStream(buffer + value);
            buffer = parsed.rest;
            for (const event of parsed.events) {
              // Every event's id is the API's cursor (what it has sent up to); `cursor` events carry only that.
              if (event.id) lastEventId = event.id;
              if (event.event === 'reset') refresh(undefined);
              if (event.event !== 'transaction') continue;
              const data = JSON.parse(event.data) as { transactionId?: unknown };
              if (typeof data.transactionId === 'string') refresh(data.transactionId);
            }
          }
        } catch {
          // dropped or refused: try again below
        }
        if (signal.aborted) return;
        setStatus('reconnecting');
        await sleep(Math.min(30_000, 1000 * 2 ** attempt), signal);
        attempt += 1;
      }
    };
    setStatus('connecting');
    void run();
    return () => {
      controller.abort();
      if (pending) clearTimeout(pending);
    };
  }, [merchantId, queryClient]);

  return status;
}
