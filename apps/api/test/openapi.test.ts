import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPENAPI_ENV } from '../src/plugins/openapi.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';

type Operation = { operationId?: string; security?: unknown[]; responses?: Record<string, unknown> };
const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'];

function operations(doc: { paths: Record<string, Record<string, Operation>> }) {
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => METHODS.includes(method))
      .map(([method, operation]) => ({ route: `${method.toUpperCase()} ${path}`, operation })),
  );
}

describe('OpenAPI', () => {
  let t: TestApp;
  let doc: {
    openapi: string;
    paths: Record<string, Record<string, Operation>>;
    components: { securitySchemes: Record<string, unknown> };
  };
  beforeAll(async () => {
    t = await createTestApp({ env: { ...OPENAPI_ENV } });
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    doc = res.json();
  });
  afterAll(() => t.close());

  it('is OpenAPI 3.1 with a bearer security scheme', () => {
    expect(doc.openapi).toMatch(/^3\.1\./);
    expect(doc.components.securitySchemes.bearerAuth).toEqual({
      type: 'http',
      scheme: 'bearer',
      bearerFormat: 'JWT',
    });
  });

  it('gives every route a unique operationId', () => {
    const ops = operations(doc);
    expect(ops.length).toBeGreaterThan(5);
    const missing = ops.filter((o) => !o.operation.operationId).map((o) => o.route);
    expect(missing).toEqual([]);
    const ids = ops.map((o) => o.operation.operationId);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('documents the merchant routes with the Merchant schema, behind bearer auth', () => {
    const list = doc.paths['/api/merchants']?.get;
    expect(list?.operationId).toBe('listMerchants');
    expect(list?.security).toBeUndefined(); // inherits the document's bearerAuth
    expect(JSON.stringify(list?.responses?.['200'])).toContain('#/components/schemas/Merchant');
    expect(doc.paths['/api/v1/merchants/{id}']?.get?.operationId).toBe('getMerchant');
    expect(doc.paths['/api/healthz']?.get?.security).toEqual([]);
  });

  it('matches the committed apps/api/openapi.json (run `npm run openapi -w apps/api` when this fails)', async () => {
    const committed = JSON.parse(await readFile(resolve(import.meta.dirname, '../openapi.json'), 'utf8'));
    expect(doc).toEqual(committed);
  });
});
