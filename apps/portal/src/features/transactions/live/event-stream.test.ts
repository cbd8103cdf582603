import { describe, expect, it } from 'vitest';
import { parseEventStream } from './event-stream.ts';

describe('parseEventStream', () => {
  it('reads complete events, skips heartbeats and keeps an incomplete event for the next chunk', () => {
    const first = parseEventStream(
      'retry: 3000\n\n: heartbeat\n\nid: 17_a\nevent: transaction\ndata: {"transactionId":"a"}\n\nid: 18_b\nevent: trans',
    );
    expect(first.events).toEqual([{ id: '17_a', event: 'transaction', data: '{"transactionId":"a"}' }]);
    const second = parseEventStream(`${first.rest}action\ndata: {"transactionId":"b"}\n\n`);
    expect(second.events).toEqual([{ id: '18_b', event: 'transaction', data: '{"transactionId":"b"}' }]);
    expect(second.rest).toBe('');
  });

  it('joins data lines, defaults the event name and accepts CRLF line ends', () => {
    const { events } = parseEventStream('data: one\r\ndata:two\r\n\r\n');
    expect(events).toEqual([{ id: undefined, event: 'message', data: 'one\ntwo' }]);
  });
});
