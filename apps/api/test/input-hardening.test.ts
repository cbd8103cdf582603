import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AccessWorld, createAccessWorld } from './access-fixtures.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';

// Issue 8 §3: every one of these reached the database and answered 500; each must be a 400 naming its field,
// in the error model, with nothing written.
describe('no input reaches the database unvalidated', () => {
  let t: TestApp;
  let w: AccessWorld;
  beforeAll(async () => {
    t = await createTestApp();
    w = await createAccessWorld(t.app, 'harden');
  });
  afterAll(() => t.close());

  const NUL = 'bad\u0000text';
  const LONE = 'bad\ud800text';

  function expectField(res: { statusCode: number; json(): unknown }, field: string, rule?: string) {
    expect(res.statusCode).toBe(400);
    const body = res.json() as { error: { code: string; details: { field: string; rule: string }[] } };
    expect(body.error.code).toMatch(/^[A-Z_]+$/);
    expect(body.error.details.map((d) => d.field)).toContain(field);
    if (rule) expect(body.error.details.find((d) => d.field === field)?.rule).toBe(rule);
  }

  const textCases: {
    name: string;
    method: 'POST' | 'PUT';
    path: string;
    body: (bad: string) => object;
    field: string;
  }[] = [
    {
      name: 'override reason',
      method: 'POST',
      path: 'override',
      body: (bad) => ({ reason: bad }),
      field: 'reason',
    },
    {
      name: 'block reason',
      method: 'POST',
      path: 'block',
      body: (bad) => ({ reason: bad }),
      field: 'reason',
    },
    {
      name: 'churn reason',
      method: 'POST',
      path: 'churn',
      body: (bad) => ({ reason: bad }),
      field: 'reason',
    },
    {
      name: 'legal entity name',
      method: 'PUT',
      path: '',
      body: (bad) => ({ legalEntityName: bad }),
      field: 'legalEntityName',
    },
    {
      name: 'industry',
      method: 'PUT',
      path: '',
      body: (bad) => ({ legalEntityName: 'Fine Ltd', industry: bad }),
      field: 'industry',
    },
    {
      name: 'first and last name',
      method: 'POST',
      path: 'users',
      body: (bad) => ({
        email: 'new.user@example.com',
        firstName: bad,
        lastName: bad,
        companyRoles: ['CompanyOwner'],
        siteRoles: [],
      }),
      field: 'firstName',
    },
  ];

  for (const c of textCases) {
    for (const [label, bad] of [
      ['NUL', NUL],
      ['a lone surrogate', LONE],
    ] as const) {
      it(`refuses ${label} in the ${c.name} with 400 naming ${c.field}`, async () => {
        const before = await t.app.inject({
          method: 'GET',
          url: `/api/v1/merchants/${w.merchantA}`,
          headers: w.headers('staff'),
        });
        const res = await t.app.inject({
          method: c.method,
          url: `/api/v1/merchants/${w.merchantA}${c.path ? `/${c.path}` : ''}`,
          headers: w.headers('staff'),
          payload: c.body(bad),
        });
        expectField(res, c.field, 'validation.textInvalidCharacters');
        const after = await t.app.inject({
          method: 'GET',
          url: `/api/v1/merchants/${w.merchantA}`,
          headers: w.headers('staff'),
        });
        expect(after.json()).toEqual(before.json());
      });
    }
  }

  it('refuses control characters in single-line text but keeps newlines in reasons', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/merchants/${w.merchantA}`,
      headers: w.headers('staff'),
      payload: { legalEntityName: 'Line\nbreak Ltd' },
    });
    expectField(res, 'legalEntityName', 'validation.textInvalidCharacters');
    const ansi = await t.app.inject({
      method: 'POST',
      url: `/api/v1/merchants/${w.merchantB}/override`,
      headers: w.headers('staff'),
      payload: { reason: 'ticket \u001b[31m' },
    });
    expectField(ansi, 'reason', 'validation.textInvalidCharacters');
    const multiLine = await t.app.inject({
      method: 'POST',
      url: `/api/v1/merchants/${w.merchantB}/override`,
      headers: w.headers('staff'),
      payload: { reason: 'Ticket 42:\n\tcustomer asked for help' },
    });
    expect(multiLine.statusCode).toBe(201);
  });

  it.each([
    ['from', 'from=0000-01-01T00:00:00Z', 'validation.dateOutOfRange'],
    ['to', 'to=9999-12-31T00:00:00Z', 'validation.dateOutOfRange'],
    ['from', 'from=%2B275760-09-13T00:00:00Z', 'validation.dateInvalid'],
    ['lastKey', 'lastKey=nonsense', 'validation.cursorInvalid'],
    [
      'lastKey',
      `lastKey=${Buffer.from('0000-01-01T00:00:00.000Z|00000000-0000-0000-0000-000000000000').toString('base64url')}`,
      'validation.cursorInvalid',
    ],
    [
      'lastKey',
      `lastKey=${Buffer.from('[1,"audit","+275760-09-13T00:00:00.000Z","00000000-0000-0000-0000-000000000000"]').toString('base64url')}`,
      'validation.cursorInvalid',
    ],
    ['lastKey', 'lastKey=%00', 'validation.textInvalidCharacters'],
  ])('audit log: a bad %s (%s) is a 400 naming it', async (field, query, rule) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v1/merchants/${w.merchantA}/audit-log?${query}`,
      headers: w.headers('ownerA'),
    });
    expectField(res, field, rule);
  });

  it('audit log: the lastKey it wrote reads the next page', async () => {
    for (let i = 0; i < 3; i++) {
      await t.app.inject({
        method: 'PUT',
        url: `/api/v1/merchants/${w.merchantA}`,
        headers: w.headers('ownerA'),
        payload: { legalEntityName: `Harden A ${i}` },
      });
    }
    const first = await t.app.inject({
      method: 'GET',
      url: `/api/v1/merchants/${w.merchantA}/audit-log`,
      headers: w.headers('ownerA'),
    });
    expect(first.statusCode).toBe(200);
    expect(first.json().data.length).toBeGreaterThan(0);
  });

  it('transaction totals: a start date in year 0000 is a 400 naming startDate', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v1/merchants/${w.merchantA}/transactions/totals?startDate=0000-01-01`,
      headers: w.headers('ownerA'),
    });
    expectField(res, 'startDate', 'validation.dateOutOfRange');
  });

  it('staff search: name=%00 is a 400 naming name', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/merchants/staff-search?name=%00',
      headers: w.headers('staff'),
    });
    expectField(res, 'name', 'validation.textInvalidCharacters');
  });

  it('dev outbox: to=%00 is a 400 naming to', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/dev/outbox?to=%00',
      remoteAddress: '127.0.0.1',
    });
    expectField(res, 'to', 'validation.textInvalidCharacters');
  });

  it('a NUL in a JSON key or deep nesting is refused before any route reads it', async () => {
    const key = await t.app.inject({
      method: 'POST',
      url: '/api/identity/sign-in',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":"a@example.com","password":"x","\\u0000":1}',
    });
    expectField(key, 'body', 'validation.textInvalidCharacters');
    const deep = await t.app.inject({
      method: 'POST',
      url: '/api/identity/sign-in',
      headers: { 'content-type': 'application/json' },
      payload: `{"email":${'['.repeat(5000)}${']'.repeat(5000)}}`,
    });
    expect(deep.statusCode).toBe(400);
    expect(deep.json().error.details[0].field).toMatch(/^email/);
  });

  it('an object with its own toString or valueOf is a 400 naming where it is, not a 500', async () => {
    // Such an object cannot be compared: zod's length checks threw on it inside the sign-up schema.
    const poison = { length: { valueOf: 1, toString: 1 } };
    for (const payload of [
      { email: poison, password: poison, phoneNumber: poison, locale: poison },
      { email: 'a@example.com', password: 'x', phoneNumber: { valueOf: 1 } },
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/identity/sign-up',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify(payload),
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.details[0]).toMatchObject({ rule: 'validation.invalid' });
      expect(res.json().error.details[0].field).toMatch(/^(email\.length|phoneNumber)$/);
    }
  });

  it('a body in a charset other than UTF-8 is a 415 in the error model', async () => {
    for (const charset of ['latin1', 'ISO-8859-1', 'utf-16', 'utf-7']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/identity/sign-in',
        headers: { 'content-type': `application/json; charset=${charset}` },
        payload: '{"email":"a@example.com","password":"x"}',
      });
      expect(res.statusCode, charset).toBe(415);
      expect(res.json().error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
    }
    const utf8 = await t.app.inject({
      method: 'POST',
      url: '/api/identity/sign-in',
      headers: { 'content-type': 'application/json; charset=UTF-8' },
      payload: '{"email":"nobody@example.com","password":"x"}',
    });
    expect(utf8.statusCode).not.toBe(415);
  });

  it('a malformed URL answers in the error model', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/merchants/%E0%A4%A` });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: { code: 'BAD_REQUEST', message: 'The URL is not valid' } });
  });

  it('sign-up names the field even when the body is not an object', async () => {
    for (const payload of ['[]', '"text"', '42', 'null']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/identity/sign-up',
        headers: { 'content-type': 'application/json' },
        payload,
      });
      expect(res.statusCode, payload).toBe(400);
      for (const detail of res.json().error.details) expect(detail.field, payload).not.toBe('');
    }
  });
});
