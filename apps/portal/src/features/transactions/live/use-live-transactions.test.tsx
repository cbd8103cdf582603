import { QueryClient } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { TestProviders } from '../../../../test/render.tsx';
import { signedInWithFetchSpy } from '../../../../test/signed-in.ts';
import { useLiveTransactions } from './use-live-transactions.ts';

const fetchSpy = signedInWithFetchSpy();

/** A text/event-stream answer that sends `blocks` and then ends (a dropped connection). */
function stream(blocks: string[]): Response {
  const encoder = new TextEncoder();
  return new Response(
    new ReadableStream<Uint8Array>({
      start(controller) {
        for (const block of blocks) controller.enqueue(encoder.encode(block));
        controller.close();
      },
    }),
    { status: 200, headers: { 'content-type': 'text/event-stream' } },
  );
}

describe('useLiveTransactions (decision 0097: the event id is the API’s cursor)', () => {
  it('refetches on a transaction, everything on a reset, and reconnects with the last cursor it was given', async () => {
    const headers: (string | null)[] = [];
    let answers = 0;
    fetchSpy().mockImplementation(async (input) => {
      const request = input as Request;
      headers.push(request.headers.get('Last-Event-ID'));
      answers += 1;
      if (answers === 1)
        return stream([
          'retry: 3000\n\n',
          'id: 10:12:11\nevent: cursor\ndata: {}\n\n',
          'id: 10:12:11\nevent: transaction\ndata: {"transactionId":"t-1"}\n\n',
          'id: 13:13:\nevent: transaction\ndata: {"transactionId":"t-2"}\n\n',
        ]);
      if (answers === 2) return stream(['id: 14:14:\nevent: reset\ndata: {}\n\n', ': heartbeat\n\n']);
      return new Promise<Response>(() => undefined);
    });
    const queryClient = new QueryClient();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    const wrapper = ({ children }: { children: ReactNode }) => (
      <TestProviders queryClient={queryClient}>{children}</TestProviders>
    );
    renderHook(() => useLiveTransactions('m-1'), { wrapper });

    const invalidated = () => invalidate.mock.calls.map(([filters]) => JSON.stringify(filters?.queryKey));
    await waitFor(() => expect(invalidated()).toContain('["transaction","m-1","t-2"]'));
    expect(invalidated()).toContain('["transaction","m-1","t-1"]');
    expect(invalidated()).not.toContain('["transaction","m-1"]');
    // The first stream ended: the reconnect (after 1 s) resumes from the last event's cursor.
    await waitFor(() => expect(headers).toEqual([null, '13:13:', '14:14:']), { timeout: 5000 });
    // The reset refetches every transaction query of the merchant, the open details too.
    await waitFor(() => expect(invalidated()).toContain('["transaction","m-1"]'));
    expect(invalidated()).toContain('["transactions","m-1"]');
  });
});
