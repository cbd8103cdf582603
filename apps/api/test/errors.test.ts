import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { conflict, notFound } from '../src/plugins/errors.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';

describe('error model', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      routes: (app) => {
        app.post(
          '/api/test/echo',
          {
            schema: {
              body: z.object({
                email: z.email({ message: 'validation.emailInvalid' }),
                address: z.object({ postalCode: z.string().min(1) }),
                count: z.number().int(),
              }),
              querystring: z.object({ limit: z.coerce.number().int().max(100).optional() }),
            },
          },
          async (request) => ({ data: request.body }),
        );
        app.get('/api/test/missing', async () => {
          throw notFound('Merchant not found');
        });
        app.get('/api/test/conflict', async () => {
          throw conflict('Already there', [{ field: 'name', rule: 'site.nameTaken', message: 'taken' }]);
        });
        app.get('/api/test/boom', async () => {
          throw new Error('secret internals');
        });
      },
    });
  });
  afterAll(() => t.close());

  it('answers an unknown /api route with a 404 error body', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nope?x=1' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'Route GET /api/nope not found' } });
  });

  it('answers an unknown method on a known path with a 404 error body', async () => {
    const res = await t.app.inject({ method: 'DELETE', url: '/api/healthz' });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('NOT_FOUND');
  });

  it('answers bad input with 400 naming each field and rule', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      payload: { email: 'not-an-email', address: { postalCode: '' }, count: 1.5 },
    });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.error.code).toBe('VALIDATION_FAILED');
    expect(body.error.details).toEqual(
      expect.arrayContaining([
        { field: 'email', rule: 'validation.emailInvalid', message: 'Email must be valid' },
        { field: 'address.postalCode', rule: 'validation.invalid', message: 'Invalid value' },
        { field: 'count', rule: 'validation.invalid', message: 'Invalid value' },
      ]),
    );
  });

  it('names the query string when a query parameter is bad', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo?limit=1000',
      payload: { email: 'a@b.co', address: { postalCode: 'X' }, count: 1 },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details).toEqual([
      { field: 'limit', rule: 'validation.invalid', message: 'Invalid value' },
    ]);
  });

  it('answers a missing body with 400, not 500', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/test/echo' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_FAILED');
    expect(res.json().error.details).toEqual([
      { field: 'body', rule: 'validation.required', message: 'Required' },
    ]);
  });

  it('answers malformed JSON with 400', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('BAD_REQUEST');
    expect(res.json().error.details).toEqual([
      { field: 'body', rule: 'validation.invalid', message: 'Invalid value' },
    ]);
  });

  it('answers an unsupported content type with 415', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/xml' },
      payload: '<a/>',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it('renders errors thrown by services with their status, code and details', async () => {
    const missing = await t.app.inject({ method: 'GET', url: '/api/test/missing' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'Merchant not found' } });
    const taken = await t.app.inject({ method: 'GET', url: '/api/test/conflict' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({
      error: {
        code: 'CONFLICT',
        message: 'Already there',
        details: [{ field: 'name', rule: 'site.nameTaken', message: 'taken' }],
      },
    });
  });

  it('hides the internals of unexpected failures behind a 500', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ error: { code: 'INTERNAL_ERROR', message: 'Something went wrong' } });
    expect(res.body).not.toContain('secret internals');
  });
});
