import { QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '../lib/api/api-error.ts';
import { queryClient } from './query-client.ts';

/** Runs one query through the portal's client (its default retry rule, no delay between tries). */
async function attempts(fail: () => Error): Promise<number> {
  let calls = 0;
  const observer = new QueryObserver(queryClient, {
    queryKey: ['retry-test', Math.random()],
    queryFn: () => {
      calls += 1;
      throw fail();
    },
    retryDelay: 0,
  });
  await new Promise<void>((resolve) => {
    const unsubscribe = observer.subscribe((result) => {
      if (result.status === 'error') {
        unsubscribe();
        resolve();
      }
    });
  });
  return calls;
}

describe('queryClient retry rule', () => {
  afterEach(() => queryClient.clear());

  it('takes a 4xx answer as final: one call, no retry', async () => {
    expect(await attempts(() => new ApiError(404, 'not_found', 'Not found'))).toBe(1);
    expect(await attempts(() => new ApiError(400, 'validation_failed', 'Bad siteId'))).toBe(1);
    expect(await attempts(() => new ApiError(403, 'forbidden', 'Forbidden'))).toBe(1);
    expect(await attempts(() => new ApiError(429, 'rate_limited', 'Too many'))).toBe(1);
  });

  it('retries a server failure and a network error twice (three calls in all)', async () => {
    expect(await attempts(() => new ApiError(500, 'internal', 'Oops'))).toBe(3);
    expect(await attempts(() => new ApiError(503, 'unavailable', 'Down'))).toBe(3);
    expect(await attempts(() => new TypeError('Failed to fetch'))).toBe(3);
  });
});
