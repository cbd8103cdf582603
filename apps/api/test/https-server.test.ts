import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import http2 from 'node:http2';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selfSignedCertificate, writeSelfSignedCertificate } from '../scripts/self-signed-certificate.ts';
import { ConfigError } from '../src/config.ts';
import { httpsServerOptions } from '../src/https-server.ts';
import { type AccessWorld, createAccessWorld } from './access-fixtures.ts';
import { createTestApp, type TestApp, testConfig } from './helpers/app.ts';

/** The variables a configuration error named. */
function problemsOf(run: () => unknown): { variable: string; message: string }[] {
  try {
    run();
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error('no configuration error');
}

/** One HTTP/2 request on its own session: status, headers and the body read until `until` holds or the end. */
async function h2Get(
  origin: string,
  ca: string,
  path: string,
  headers: Record<string, string> = {},
  until: (body: string) => boolean = () => false,
) {
  const session = http2.connect(origin, { ca });
  try {
    const stream = session.request({ ':path': path, ...headers });
    const response = await new Promise<http2.IncomingHttpHeaders>((resolve, reject) => {
      stream.once('response', (headers) => resolve(headers));
      stream.once('error', reject);
    });
    let body = '';
    await new Promise<void>((resolve, reject) => {
      stream.setEncoding('utf8');
      stream.on('data', (chunk: string) => {
        body += chunk;
        if (until(body)) resolve();
      });
      stream.once('end', resolve);
      stream.once('error', reject);
    });
    stream.close();
    return { status: Number(response[':status']), headers: response, body, protocol: session.alpnProtocol };
  } finally {
    session.close();
  }
}

describe('TLS_CERT_FILE and TLS_KEY_FILE (configuration)', () => {
  let folder: string;
  let files: { certFile: string; keyFile: string };
  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'mp-tls-config-'));
    files = await writeSelfSignedCertificate(folder);
  });
  afterAll(() => rm(folder, { recursive: true, force: true }));

  it('asks for both files, naming the one left out', () => {
    expect(problemsOf(() => testConfig({ TLS_CERT_FILE: files.certFile }))).toEqual([
      { variable: 'TLS_KEY_FILE', message: 'must be set together with TLS_CERT_FILE and TLS_KEY_FILE' },
    ]);
    expect(problemsOf(() => testConfig({ TLS_KEY_FILE: files.keyFile }))).toEqual([
      { variable: 'TLS_CERT_FILE', message: 'must be set together with TLS_CERT_FILE and TLS_KEY_FILE' },
    ]);
  });

  it('serves plain HTTP without them, and takes https:// as the public URL with them', () => {
    const plain = testConfig();
    expect(plain.tls).toBeUndefined();
    expect(plain.publicUrl).toMatch(/^http:\/\//);
    const secure = testConfig({ TLS_CERT_FILE: files.certFile, TLS_KEY_FILE: files.keyFile });
    expect(secure.tls).toEqual(files);
    expect(secure.publicUrl).toBe('https://127.0.0.1:3000');
  });

  it('names a file it cannot read', () => {
    const missing = join(folder, 'missing.pem');
    expect(problemsOf(() => httpsServerOptions({ certFile: missing, keyFile: files.keyFile }))).toEqual([
      { variable: 'TLS_CERT_FILE', message: `cannot be read (ENOENT): ${missing}` },
    ]);
    expect(problemsOf(() => httpsServerOptions({ certFile: files.certFile, keyFile: missing }))).toEqual([
      { variable: 'TLS_KEY_FILE', message: `cannot be read (ENOENT): ${missing}` },
    ]);
  });

  it('refuses a key that is not the certificate’s, or a file that is not PEM, without printing either', async () => {
    const other = await selfSignedCertificate();
    const otherKey = join(folder, 'other-key.pem');
    await writeFile(otherKey, other.key);
    const [mismatch] = problemsOf(() => httpsServerOptions({ certFile: files.certFile, keyFile: otherKey }));
    expect(mismatch?.variable).toBe('TLS_KEY_FILE');
    expect(mismatch?.message).toMatch(/^must be the PEM private key of TLS_CERT_FILE's PEM certificate/);
    expect(mismatch?.message).not.toContain('PRIVATE KEY');

    const notPem = join(folder, 'not-pem.txt');
    await writeFile(notPem, 'hello');
    const [garbage] = problemsOf(() => httpsServerOptions({ certFile: notPem, keyFile: files.keyFile }));
    expect(garbage?.variable).toBe('TLS_KEY_FILE');
  });
});

describe('HTTPS with HTTP/2 (a listening server)', () => {
  let folder: string;
  let ca: string;
  let t: TestApp;
  let w: AccessWorld;
  let origin: string;

  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'mp-tls-'));
    const files = await writeSelfSignedCertificate(folder);
    ca = await readFile(files.certFile, 'utf8');
    t = await createTestApp({ env: { TLS_CERT_FILE: files.certFile, TLS_KEY_FILE: files.keyFile } });
    w = await createAccessWorld(t.app, 'Tls');
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    origin = `https://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await t.close();
    await rm(folder, { recursive: true, force: true });
  });

  it('answers over HTTP/2 when the client offers it', async () => {
    const health = await h2Get(origin, ca, '/api/healthz');
    expect(health.protocol).toBe('h2');
    expect(health.status).toBe(200);
    expect(health.headers['strict-transport-security']).toMatch(/max-age=/);
  });

  it('answers HTTP/1.1 over TLS to a client without HTTP/2', async () => {
    const answer = await new Promise<{ status: number; version: string }>((resolve, reject) => {
      https
        .get(`${origin}/api/healthz`, { ca }, (response) => {
          response.resume();
          resolve({ status: response.statusCode ?? 0, version: response.httpVersion });
        })
        .once('error', reject);
    });
    expect(answer).toEqual({ status: 200, version: '1.1' });
  });

  it('scopes an HTTP/2 request as any other: a merchant the caller does not belong to is a 404', async () => {
    const other = await h2Get(origin, ca, `/api/v1/merchants/${w.merchantB}/users`, {
      authorization: `Bearer ${w.tokens.ownerA}`,
    });
    expect(other.status).toBe(404);
    const own = await h2Get(origin, ca, `/api/v1/merchants/${w.merchantA}/users`, {
      authorization: `Bearer ${w.tokens.ownerA}`,
    });
    expect(own.status).toBe(200);
  });

  it('streams the live transactions over HTTP/2, without the connection header HTTP/2 forbids', async () => {
    // Node drops such a header from an HTTP/2 answer with a process warning: none may come.
    const warnings: string[] = [];
    const onWarning = (warning: Error) => warnings.push(warning.message);
    process.on('warning', onWarning);
    const live = await h2Get(
      origin,
      ca,
      `/api/v1/merchants/${w.merchantA}/transactions/events`,
      { authorization: `Bearer ${w.tokens.ownerA}`, accept: 'text/event-stream' },
      (body) => body.includes('event: cursor'),
    );
    expect(live.status).toBe(200);
    expect(live.headers['content-type']).toMatch(/^text\/event-stream/);
    expect(live.headers.connection).toBeUndefined();
    expect(live.body).toMatch(/^retry: 3000\n\nid: \S+\nevent: cursor\n/);
    await new Promise((resolve) => setImmediate(resolve));
    process.off('warning', onWarning);
    expect(warnings).toEqual([]);
  });
});
