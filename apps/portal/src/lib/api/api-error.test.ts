import { describe, expect, it } from 'vitest';
import { ApiError, apiErrorKey } from './api-error.ts';

describe('apiErrorKey: the text key of a failed call, never the API’s English message', () => {
  const byCode = { ALREADY_CHURNED: 'access.staff.errors.alreadyChurned' };

  it('takes the feature’s key for a code it knows, before anything else', () => {
    const error = new ApiError(409, 'ALREADY_CHURNED', 'This company has already churned.', [
      { field: 'body', rule: 'validation.invalid', message: 'Invalid value' },
    ]);
    expect(apiErrorKey(error, 'fallback', byCode)).toBe('access.staff.errors.alreadyChurned');
  });

  it('takes the rule the API named for a field (a domain validation key), skipping rules that are not keys', () => {
    const error = new ApiError(400, 'VALIDATION_FAILED', 'The request is not valid', [
      { field: 'Last-Event-ID', rule: 'format', message: 'must be the id of an event this stream sent' },
      { field: 'reason', rule: 'validation.required', message: 'Required' },
    ]);
    expect(apiErrorKey(error, 'fallback', byCode)).toBe('validation.required');
  });

  it('says too many requests for a 429, not found for a 404, and the screen’s own key for anything else', () => {
    expect(apiErrorKey(new ApiError(429, 'RATE_LIMITED', 'Slow down'), 'fallback')).toBe(
      'errors.rateLimited',
    );
    expect(apiErrorKey(new ApiError(404, 'NOT_FOUND', 'Merchant not found'), 'fallback')).toBe(
      'errors.notFound',
    );
    expect(apiErrorKey(new ApiError(503, 'UNAVAILABLE', 'Database down'), 'fallback')).toBe('fallback');
    expect(apiErrorKey(new TypeError('Failed to fetch'), 'fallback')).toBe('fallback');
    expect(apiErrorKey(null, 'fallback')).toBe('fallback');
  });
});
