import { describe, expect, it } from 'vitest';
import {
  ApiError,
  apiErrorFrom,
  apiErrorKey,
  fieldRuleKey,
  formErrorKey,
  hasErrorField,
} from './api-error.ts';

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

describe('hasErrorField: whether a failure carries the error model’s error (SPEC §7 "on failure an error field")', () => {
  it('is true for an answer with its error code, false for a bare status or no answer', async () => {
    const withError = new Response(JSON.stringify({ error: { code: 'INTERNAL', message: 'Boom' } }), {
      status: 500,
    });
    expect(hasErrorField(await apiErrorFrom(withError))).toBe(true);
    const gatewayPage = new Response('<html>Bad Gateway</html>', { status: 502, statusText: 'Bad Gateway' });
    expect(hasErrorField(await apiErrorFrom(gatewayPage))).toBe(false);
    expect(hasErrorField(new TypeError('Failed to fetch'))).toBe(false);
  });
});

describe('what a form reads of a failed call', () => {
  const placed = (field: string) => field === 'tradingDay';

  it('reads a rule under its field; a schema code there reads "Invalid value", never the code', () => {
    expect(fieldRuleKey('validation.eodDayNotClosed')).toBe('validation.eodDayNotClosed');
    expect(fieldRuleKey('invalid_type')).toBe('validation.invalid');
    const onField = new ApiError(400, 'VALIDATION_FAILED', 'The request is not valid', [
      { field: 'tradingDay', rule: 'invalid_format', message: 'Invalid date' },
    ]);
    expect(formErrorKey(onField, placed)).toBeNull();
  });

  it('reads above the form what lands on no field of it, or has no answer: never nothing', () => {
    const elsewhere = (rule: string) =>
      new ApiError(400, 'VALIDATION_FAILED', 'The request is not valid', [
        { field: 'body', rule, message: 'x' },
      ]);
    expect(formErrorKey(elsewhere('validation.fieldsInvalid'), placed)).toBe('validation.fieldsInvalid');
    expect(formErrorKey(elsewhere('invalid_type'), placed)).toBe('validation.invalid');
    expect(formErrorKey(new ApiError(503, 'SERVICE_UNAVAILABLE', 'Down'), placed)).toBe('errors.generic');
    expect(formErrorKey(new TypeError('Failed to fetch'), placed)).toBe('errors.generic');
    expect(formErrorKey(null, placed)).toBeNull();
  });

  it('keeps only well-formed details of an answer, so a malformed body cannot break the screen', async () => {
    const error = await apiErrorFrom(
      new Response(
        JSON.stringify({
          error: {
            code: 'VALIDATION_FAILED',
            message: 'x',
            details: [
              null,
              {},
              { field: 'to', rule: 7 },
              { field: 'to', rule: 'validation.dateRangeTooLarge', message: 'm' },
            ],
          },
        }),
        { status: 400 },
      ),
    );
    expect(error.details).toEqual([{ field: 'to', rule: 'validation.dateRangeTooLarge', message: 'm' }]);
    expect(apiErrorKey(error, 'fallback')).toBe('validation.dateRangeTooLarge');
  });
});
