import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AccessWorld, createAccessWorld } from './access-fixtures.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';

// Issue 8 §3: driven from the live OpenAPI document, so routes added later are covered without touching this
// file. For every write route with a body and every route with query parameters: at least 200 bad inputs
// (wrong types, missing and extra fields, nulls, huge and control-character strings, deep nesting, __proto__
// keys, 1e309, broken JSON, other charsets), and for each answer: no 5xx, the error model, a field named in
// every detail when the body parsed, and no table's row count changed by a refused request.

const INPUTS_PER_ROUTE = 200;
/** A route stops after INPUTS_PER_ROUTE inputs, or earlier past this (a slow route on a loaded machine). */
const ROUTE_BUDGET_MS = 5000;

/** A seeded shuffle: the whole-body cases first, then a mix of every field's bad values. */
function pickInputs<T>(all: T[], keepFirst: number, seed: number): T[] {
  const rest =
    fc.sample(fc.shuffledSubarray(all.slice(keepFirst), { minLength: all.length - keepFirst }), {
      numRuns: 1,
      seed,
    })[0] ?? [];
  return [...all.slice(0, keepFirst), ...rest].slice(0, INPUTS_PER_ROUTE);
}
const WRITE_METHODS = new Set(['post', 'put', 'patch', 'delete']);

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  $ref?: string;
}
interface Operation {
  operationId?: string;
  parameters?: { name: string; in: string; schema?: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}

const deep = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
/** Bad values written as JSON text, so 1e309 and __proto__ reach the parser as a client would send them. */
const BAD_JSON_VALUES = [
  'null',
  '1e309',
  '-1e309',
  '-0',
  '0',
  '-1',
  '1.5',
  '9007199254740993',
  'true',
  '[]',
  '[null]',
  '{}',
  '""',
  '" "',
  JSON.stringify('x'.repeat(100_000)),
  JSON.stringify('\u0000'),
  '"a\\u0000b"',
  '"\\ud800"',
  '"\\udfff\\ud800"',
  JSON.stringify('\u0007\u001b[31m\u007f\u0085\u2028'),
  JSON.stringify('line\nbreak\ttab'),
  '"1e309"',
  '"NaN"',
  '"0000-01-01"',
  '"+275760-09-13T00:00:00Z"',
  '"not-a-uuid"',
  '"00000000-0000-0000-0000-000000000000"',
  '"\' or 1=1 --"',
  '"<script>alert(1)</script>"',
  '"😀"',
  '{"__proto__":{"polluted":true}}',
  '{"constructor":{"prototype":{"polluted":true}}}',
  deep(40),
  `${'['.repeat(200)}${']'.repeat(200)}`,
  JSON.stringify(Array.from({ length: 2000 }, (_, i) => i)),
];
const BAD_QUERY_VALUES = [
  '',
  '%00',
  'a%00b',
  '%ZZ',
  '%E0%A4%A',
  '%ED%A0%80',
  encodeURIComponent('x'.repeat(10_000)),
  '1e309',
  'NaN',
  '-1',
  '0000-01-01',
  '0000-01-01T00:00:00Z',
  '%2B275760-09-13T00:00:00Z',
  '9999-12-31',
  'not-a-uuid',
  '00000000-0000-0000-0000-000000000000',
  '%27%20or%201%3D1%20--',
  '%F0%9F%98%80',
  'true',
  'null',
  '%5B%5D',
  '__proto__',
];

function resolveRef(doc: Record<string, unknown>, schema: JsonSchema | undefined): JsonSchema | undefined {
  if (!schema?.$ref) return schema;
  const path = schema.$ref.replace(/^#\//, '').split('/');
  let node: unknown = doc;
  for (const part of path) node = (node as Record<string, unknown>)?.[part];
  return node as JsonSchema;
}

/** A plausible value for a property, so that other fields' bad values are reached past the first check. */
function plausible(schema: JsonSchema | undefined): unknown {
  const type = Array.isArray(schema?.type) ? schema?.type[0] : schema?.type;
  if (type === 'string') return 'Plausible text';
  if (type === 'number' || type === 'integer') return 1;
  if (type === 'boolean') return true;
  if (type === 'array') return [];
  if (type === 'object') return {};
  return 'x';
}

/** Bad bodies for an object schema: whole-body cases, then per-field and random multi-field mutations. */
function badBodies(doc: Record<string, unknown>, bodySchema: JsonSchema | undefined, seed: number): string[] {
  const schema = resolveRef(doc, bodySchema) ?? {};
  const props = Object.entries(schema.properties ?? {});
  const base: Record<string, unknown> = Object.fromEntries(
    props.map(([name, prop]) => [name, plausible(resolveRef(doc, prop))]),
  );
  const baseText = JSON.stringify(base);
  const withField = (name: string, raw: string) => {
    const rest = JSON.stringify({ ...base, [name]: undefined }).slice(1, -1);
    return `{${rest ? `${rest},` : ''}${JSON.stringify(name)}:${raw}}`;
  };
  const bodies: string[] = [
    ...BAD_JSON_VALUES,
    '{',
    '{"a":}',
    "{'single':1}",
    `${baseText}trailing`,
    `{"__proto__":{"isStaff":true},${baseText.slice(1)}`,
    `{"extra":"field","another":{"nested":[1,2,3]},${baseText.slice(1)}`,
    JSON.stringify(Object.fromEntries(props.map(([name]) => [name, null]))),
  ];
  for (const [name] of props) {
    bodies.push(JSON.stringify({ ...base, [name]: undefined }));
    for (const raw of BAD_JSON_VALUES) bodies.push(withField(name, raw));
  }
  // Random combinations: several fields bad at once, plus unknown keys.
  const names = props.map(([name]) => name);
  const mutation = fc.record({
    fields: fc.subarray([...names, '__proto__', 'constructor', 'extra\u0000key', 'ünïcode'], {
      minLength: 1,
    }),
    values: fc.array(fc.constantFrom(...BAD_JSON_VALUES), { minLength: 8, maxLength: 8 }),
  });
  const samples = fc.sample(mutation, { numRuns: Math.max(0, INPUTS_PER_ROUTE - bodies.length) + 20, seed });
  for (const { fields, values } of samples) {
    const parts = Object.entries(base)
      .filter(([name]) => !fields.includes(name))
      .map(([name, value]) => `${JSON.stringify(name)}:${JSON.stringify(value)}`);
    fields.forEach((name, i) => {
      parts.push(`${JSON.stringify(name)}:${values[i % values.length]}`);
    });
    bodies.push(`{${parts.join(',')}}`);
  }
  return bodies;
}

function badQueries(names: string[], seed: number): string[] {
  const queries: string[] = ['', 'unknown=1', 'a[b]=1', 'a[]=1&a[]=2'];
  for (const name of names) {
    for (const value of BAD_QUERY_VALUES) queries.push(`${name}=${value}`);
    queries.push(`${name}=a&${name}=b`, `${name}[]=x`, `${name}[__proto__]=x`, name);
  }
  const pair = fc.record({
    picks: fc.subarray([...names, '__proto__', 'constructor'], { minLength: 1 }),
    values: fc.array(fc.constantFrom(...BAD_QUERY_VALUES), { minLength: 6, maxLength: 6 }),
  });
  const samples = fc.sample(pair, { numRuns: Math.max(0, INPUTS_PER_ROUTE - queries.length) + 20, seed });
  for (const { picks, values } of samples)
    queries.push(picks.map((name, i) => `${name}=${values[i % values.length]}`).join('&'));
  return queries;
}

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

describe('bad input never gets a 5xx (property test from the OpenAPI document)', () => {
  let t: TestApp;
  let w: AccessWorld;
  let doc: Record<string, unknown>;
  let tables: string[];
  const figures = { routes: 0, inputs: 0, fiveHundreds: 0 };

  async function counts(): Promise<Record<string, number>> {
    // Staff requests are audited as attempts (`staff.request`, with their status) by design; so are `*_attempts`
    // tables (sign-in, device assignment): those rows are the record of a refusal, not a half-write. The identity
    // rate limits count malformed requests too (rate_limit_windows), on purpose.
    const query = tables
      .filter((name) => !name.endsWith('_attempts') && name !== 'rate_limit_windows')
      .map((name) =>
        name === 'audit_log'
          ? `select '${name}' as name, count(*)::int as n from "${name}" where action <> 'staff.request'`
          : `select '${name}' as name, count(*)::int as n from "${name}"`,
      )
      .join(' union all ');
    const result = await t.app.db.execute(sql.raw(query));
    const rows = (result as unknown as { rows: { name: string; n: number }[] }).rows;
    return Object.fromEntries(rows.map((row) => [row.name, Number(row.n)]));
  }

  beforeAll(async () => {
    t = await createTestApp();
    w = await createAccessWorld(t.app, 'property');
    doc = t.app.swagger() as unknown as Record<string, unknown>;
    const result = await t.app.db.execute(
      sql.raw(`select table_name as name from information_schema.tables
               where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`),
    );
    tables = (result as unknown as { rows: { name: string }[] }).rows.map((row) => row.name);
  });
  afterAll(async () => {
    process.stdout.write(
      `property test: ${figures.routes} routes, ${figures.inputs} bad inputs, ${figures.fiveHundreds} answers ≥ 500\n`,
    );
    await t.close();
  });

  it('covers every write route with a body and every route with query parameters', async () => {
    const paths = doc.paths as Record<string, Record<string, Operation>>;
    const failures: string[] = [];
    let seed = 8;
    let ip = 0;
    for (const [path, operations] of Object.entries(paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const queryNames = (operation.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
        const bodySchema = operation.requestBody?.content?.['application/json']?.schema;
        const hasBody = WRITE_METHODS.has(method) && operation.requestBody !== undefined;
        if (!hasBody && queryNames.length === 0) continue;
        // The live-events stream (text/event-stream) answers a valid request with a response that never ends, so
        // inject() would wait for ever; its bad input (a malformed Last-Event-ID) is covered by transactions-live.test.ts.
        if (path.endsWith('/transactions/events')) continue;
        figures.routes++;
        const url = path
          .replace('{id}', w.merchantA)
          .replace('{userId}', w.users.managerA1.id)
          .replace('{siteId}', w.siteA1)
          .replace(/\{[^}]+\}/g, '3f2b8a52-6c1d-4e8f-9a0b-1c2d3e4f5a6b');
        const inputs = hasBody
          ? pickInputs(badBodies(doc, bodySchema, seed), 40, seed++).map((body) => ({ body, query: '' }))
          : pickInputs(badQueries(queryNames, seed), 4, seed++).map((query) => ({ body: undefined, query }));
        const before = await counts();
        let succeeded = false;
        const started = Date.now();
        let n = 0;
        for (const input of inputs) {
          n++;
          if (n > 0 && Date.now() - started > ROUTE_BUDGET_MS) break;
          ip++;
          const res = await t.app.inject({
            method: method.toUpperCase() as 'GET',
            url: input.query ? `${url}?${input.query}` : url,
            // A different client address per request, so per-IP rate limits do not hide validation.
            remoteAddress: `10.${(ip >> 16) & 255}.${(ip >> 8) & 255}.${ip & 255}`,
            headers: {
              ...w.headers('staff'),
              ...(input.body !== undefined ? { 'content-type': 'application/json' } : {}),
            },
            ...(input.body !== undefined ? { payload: input.body } : {}),
          });
          figures.inputs++;
          const label = `${method.toUpperCase()} ${path} ${input.query || (input.body ?? '').slice(0, 120)}`;
          if (res.statusCode >= 500) {
            figures.fiveHundreds++;
            failures.push(`${label} → ${res.statusCode} ${res.body.slice(0, 200)}`);
            continue;
          }
          if (res.statusCode < 400) {
            succeeded = true;
            continue;
          }
          // A simulated vendor's hosted page (/api/*-simulator/…) is a browser form, like the vendor's own: it
          // answers its refusals as an HTML page for the person at the browser, not with the API's error model.
          if (path.includes('-simulator/') && String(res.headers['content-type']).startsWith('text/html'))
            continue;
          const body = isJson(res.body)
            ? (JSON.parse(res.body) as {
                error?: { code?: unknown; message?: unknown; details?: { field?: unknown }[] };
              })
            : undefined;
          if (!body?.error || typeof body.error.code !== 'string' || typeof body.error.message !== 'string') {
            failures.push(`${label} → ${res.statusCode} not the error model: ${res.body.slice(0, 200)}`);
            continue;
          }
          // A validation failure names every field; a business refusal of well-formed input (e.g. a social
          // sign-in code that does not exchange) has no field to name, but any detail it gives names one.
          const details = body.error.details ?? [];
          const validation = ['VALIDATION_FAILED', 'INVALID_PARAMETERS', 'BAD_REQUEST'].includes(
            body.error.code,
          );
          if (res.statusCode === 400) {
            if (
              (validation && details.length === 0) ||
              details.some((d) => typeof d.field !== 'string' || d.field === '')
            ) {
              failures.push(`${label} → 400 without a named field: ${res.body.slice(0, 200)}`);
            }
          }
        }
        // A refused request writes nothing. (A bad input the route accepted — extra fields are dropped —
        // may write; the counts are then not compared for that route.)
        if (!succeeded) {
          const after = await counts();
          const changed = tables.filter((name) => before[name] !== after[name]);
          if (changed.length > 0)
            failures.push(`${method.toUpperCase()} ${path}: refused requests changed ${changed.join(', ')}`);
        }
      }
    }
    expect(figures.routes).toBeGreaterThan(10);
    expect(failures.slice(0, 30)).toEqual([]);
  }, 600_000);
});
