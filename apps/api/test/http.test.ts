import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { securityHeaderMiddleware } from '../src/plugins/security.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';

const INDEX_HTML =
  '<!doctype html><html><head><script type="module" src="/assets/index-AbCd1234.js"></script></head><body><div id="root"></div></body></html>';
const BUNDLE = `console.log(${JSON.stringify('x'.repeat(4000))});`;

describe('HTTP: security headers, CORS, compression and the served portal', () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = await mkdtemp(join(tmpdir(), 'portal-dist-'));
    await mkdir(join(dist, 'assets'));
    await writeFile(join(dist, 'index.html'), INDEX_HTML);
    await writeFile(join(dist, 'assets/index-AbCd1234.js'), BUNDLE);
    await writeFile(join(dist, 'assets/index-AbCd1234.js.br'), brotliCompressSync(BUNDLE));
    await writeFile(join(dist, 'assets/index-AbCd1234.js.gz'), gzipSync(BUNDLE));
    await writeFile(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    await mkdir(join(dist, '.vite'));
    await writeFile(
      join(dist, '.vite/manifest.json'),
      '{"src/main.tsx":{"file":"assets/index-AbCd1234.js"}}',
    );
    t = await createTestApp({ env: { PORTAL_DIST: dist, PORTAL_ORIGIN: 'http://localhost:5173' } });
  });
  afterAll(async () => {
    await t.close();
    await rm(dist, { recursive: true, force: true });
  });

  it('sends a CSP without inline scripts that forbids framing, and HSTS', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/healthz' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('DENY');
  });

  it('every response carries exactly the headers helmet itself writes, whatever answers it', async () => {
    // helmet run as a middleware on a real response, as @fastify/helmet would per request.
    const request = new IncomingMessage(new Socket());
    const expected = new ServerResponse(request);
    expected.setHeader('X-Powered-By', 'something');
    let passed = false;
    securityHeaderMiddleware(t.app.config)(request, expected, (error?: unknown) => {
      passed = error === undefined;
    });
    expect(passed).toBe(true);
    const helmetHeaders = expected.getHeaders();
    expect(Object.keys(helmetHeaders).length).toBeGreaterThanOrEqual(12);
    const cases: [string, string, number][] = [
      ['GET', '/api/healthz', 200],
      ['GET', '/api/no-such-route', 404],
      ['GET', '/api/merchants', 401],
      ['GET', '/api/v1/merchants/not-a-uuid/users', 401],
    ];
    for (const [method, url, status] of cases) {
      const res = await t.app.inject({ method: method as 'GET', url });
      expect(res.statusCode, url).toBe(status);
      for (const [name, value] of Object.entries(helmetHeaders))
        expect(res.headers[name], `${url} ${name}`).toBe(value);
      expect(res.headers['x-powered-by'], url).toBeUndefined();
    }
  });

  it('never serves a dot-file or dot-folder of the build (the build manifest maps every chunk to its source)', async () => {
    for (const accept of ['application/json', '*/*']) {
      const res = await t.app.inject({ method: 'GET', url: '/.vite/manifest.json', headers: { accept } });
      expect(res.statusCode, accept).toBe(404);
      expect(res.body).not.toContain('src/main.tsx');
    }
  });

  it("keeps the API's answers out of every cache unless a route says otherwise", async () => {
    for (const [url, status] of [
      ['/api/healthz', 200],
      ['/api/identity/me', 401],
      ['/api/no-such-route', 404],
    ] as const) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(status);
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
    // The public key set is public and may be cached for five minutes, as its route says.
    const jwks = await t.app.inject({ url: '/api/.well-known/jwks.json' });
    expect(jwks.headers['cache-control']).toBe('public, max-age=300');
  });

  it('allows CORS from the portal origin only', async () => {
    const allowed = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/merchants',
      headers: {
        origin: 'http://localhost:5173',
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'authorization',
      },
    });
    expect(allowed.statusCode).toBe(204);
    expect(allowed.headers['access-control-allow-origin']).toBe('http://localhost:5173');
    expect(String(allowed.headers['access-control-allow-headers'])).toContain('authorization');

    // A portal served apart sends an Idempotency-Key with refunds, device orders and one-off invoices, and reads a
    // download's file name from Content-Disposition: both must pass the browser's CORS checks.
    const post = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/v1/merchants/m/devices',
      headers: {
        origin: 'http://localhost:5173',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization,content-type,idempotency-key',
      },
    });
    expect(post.statusCode).toBe(204);
    expect(String(post.headers['access-control-allow-headers']).split(/,\s*/)).toEqual(
      expect.arrayContaining(['authorization', 'content-type', 'idempotency-key']),
    );
    const read = await t.app.inject({
      method: 'GET',
      url: '/api/healthz',
      headers: { origin: 'http://localhost:5173' },
    });
    expect(String(read.headers['access-control-expose-headers']).split(/,\s*/)).toEqual(
      expect.arrayContaining(['x-request-id', 'content-disposition']),
    );

    const other = await t.app.inject({
      method: 'GET',
      url: '/api/healthz',
      headers: { origin: 'https://evil.example' },
    });
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('compresses large API responses', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/openapi.json',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(res.headers['content-encoding']).toBe('br');
  });

  it('serves the precompressed bundle with a year-long immutable cache', async () => {
    const br = await t.app.inject({
      method: 'GET',
      url: '/assets/index-AbCd1234.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.rawPayload.equals(brotliCompressSync(BUNDLE))).toBe(true);

    const gz = await t.app.inject({
      method: 'GET',
      url: '/assets/index-AbCd1234.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
  });

  it('serves unhashed files without a long cache', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it.each(['/', '/transactions', '/sites/123', '/signin?redirect=%2Fpayouts'])(
    'answers the page navigation %s with index.html',
    async (url) => {
      const res = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html,*/*' } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toBe(INDEX_HTML);
    },
  );

  it('does not answer API paths, non-HTML requests or missing assets with index.html', async () => {
    const api = await t.app.inject({ method: 'GET', url: '/api/unknown', headers: { accept: 'text/html' } });
    expect(api.statusCode).toBe(404);
    expect(api.json().error.code).toBe('NOT_FOUND');
    const asset = await t.app.inject({
      method: 'GET',
      url: '/assets/missing-XyZ12345.js',
      headers: { accept: '*/*' },
    });
    expect(asset.statusCode).toBe(404);
    const post = await t.app.inject({
      method: 'POST',
      url: '/transactions',
      headers: { accept: 'text/html' },
    });
    expect(post.statusCode).toBe(404);
  });
});

describe('HTTP without a portal build', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers a page navigation with a 404 error body instead of crashing', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/transactions', headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('NOT_FOUND');
  });

  it('sends no CORS headers when no portal origin is configured', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/healthz',
      headers: { origin: 'http://localhost:5173' },
    });
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });
});
