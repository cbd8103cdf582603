import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localFileRoutes } from '../src/adapters/storage/file-routes.ts';
import { createLocalFileStorage } from '../src/adapters/storage/local-file-storage.ts';
import { createS3FileStorage } from '../src/adapters/storage/s3-file-storage.ts';
import type { FileStorage } from '../src/adapters/storage/storage-port.ts';
import { installErrorHandler } from '../src/plugins/errors.ts';
import { startS3rver } from './helpers/s3rver.ts';

// Issue 12 §3: one contract for every adapter of the storage port — the local folder with HMAC-signed URLs
// (served by the API's /api/files route, here on a bare Fastify) and S3 through a real S3 API (s3rver on a
// free port). Every URL is fetched over HTTP, as the browser would.

interface Harness {
  storage: FileStorage;
  /** The absolute URL of a signed URL (the local store's are relative to the API). */
  absolute(url: string): string;
  /**
   * Whether the server checks the URL's signature. s3rver checks a presigned URL's key id and expiry but not
   * its SigV4 signature (AWS and real S3-compatible services do), so an altered URL is tried on the local
   * store only.
   */
  checksSignatures: boolean;
  /** The adapter's clock: URLs are signed at this instant. */
  clock: { at: Date | undefined };
  stop(): Promise<void>;
}

const CSV = { filename: 'transactions report 2026-04.csv', contentType: 'text/csv; charset=utf-8' };
const bom = '\uFEFF';

async function localHarness(): Promise<Harness> {
  const root = await mkdtemp(join(tmpdir(), 'storage-contract-'));
  const clock: Harness['clock'] = { at: undefined };
  const storage = createLocalFileStorage({ root, now: () => clock.at ?? new Date() });
  const server = Fastify();
  server.setValidatorCompiler(validatorCompiler);
  server.setSerializerCompiler(serializerCompiler);
  installErrorHandler(server);
  await server.register(localFileRoutes, { prefix: '/api', storage });
  await server.listen({ port: 0, host: '127.0.0.1' });
  const { port } = server.server.address() as AddressInfo;
  return {
    storage,
    clock,
    checksSignatures: true,
    absolute: (url) => new URL(url, `http://127.0.0.1:${port}`).toString(),
    stop: async () => {
      await server.close();
      await rm(root, { recursive: true, force: true });
    },
  };
}

async function s3Harness(): Promise<Harness> {
  const s3 = await startS3rver();
  const clock: Harness['clock'] = { at: undefined };
  const storage = createS3FileStorage(s3.config, { now: () => clock.at ?? new Date() });
  await storage.check();
  return { storage, clock, checksSignatures: false, absolute: (url) => url, stop: s3.stop };
}

/** `size` bytes of CSV made as it is read, in 64 KiB chunks: nothing holds the whole file. */
function generatedCsv(size: number, failAfter?: number): Readable {
  let sent = 0;
  const line = `${'x'.repeat(63)}\n`;
  const chunk = Buffer.from(line.repeat(1024));
  return new Readable({
    read() {
      if (failAfter !== undefined && sent >= failAfter) {
        this.destroy(new Error('the database went away'));
        return;
      }
      if (sent >= size) {
        this.push(null);
        return;
      }
      const part = chunk.subarray(0, Math.min(chunk.length, size - sent));
      sent += part.length;
      this.push(part);
    },
  });
}

describe.each([
  ['local folder', localHarness],
  ['S3 (s3rver)', s3Harness],
])('file storage contract: %s', (_name, makeHarness) => {
  let h: Harness;
  beforeAll(async () => {
    h = await makeHarness();
  });
  afterAll(() => h?.stop());

  const fetchSigned = async (key: string, expiresInSeconds = 60) =>
    fetch(h.absolute(await h.storage.signedUrl(key, { ...CSV, expiresInSeconds })));

  it('writes a stream and serves it back through a signed URL, as an attachment of its type', async () => {
    const body = `${bom}Date,Amount\n2026-04-01,12.50\n`;
    const { sizeBytes } = await h.storage.write('reports/m1/r1.csv', Readable.from([body]));
    expect(sizeBytes).toBe(Buffer.byteLength(body));
    const response = await fetchSigned('reports/m1/r1.csv');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/csv');
    expect(response.headers.get('content-disposition')).toBe(
      'attachment; filename="transactions_report_2026-04.csv"',
    );
    expect(Buffer.from(await response.arrayBuffer()).toString('utf8')).toBe(body);
  });

  it('streams a file larger than one upload part and replaces what was under the key', async () => {
    const size = 11 * 1024 * 1024 + 123;
    expect((await h.storage.write('reports/m1/big.csv', generatedCsv(size))).sizeBytes).toBe(size);
    const big = await fetchSigned('reports/m1/big.csv');
    expect(big.status).toBe(200);
    expect((await big.arrayBuffer()).byteLength).toBe(size);
    await h.storage.write('reports/m1/big.csv', Readable.from(['small\n']));
    expect(await (await fetchSigned('reports/m1/big.csv')).text()).toBe('small\n');
  });

  it('writes nothing when the body fails midway', async () => {
    await expect(
      h.storage.write('reports/m1/broken.csv', generatedCsv(8 * 1024 * 1024, 6 * 1024 * 1024)),
    ).rejects.toThrow();
    expect((await fetchSigned('reports/m1/broken.csv')).ok).toBe(false);
  });

  it('refuses a URL after it expires, and an altered one', async () => {
    await h.storage.write('reports/m1/r2.csv', Readable.from(['a,b\n']));
    h.clock.at = new Date(Date.now() - 3600_000);
    const expired = h.absolute(
      await h.storage.signedUrl('reports/m1/r2.csv', { ...CSV, expiresInSeconds: 60 }),
    );
    h.clock.at = undefined;
    const response = await fetch(expired);
    expect(response.ok).toBe(false);
    expect([403, 404]).toContain(response.status);
    const fresh = new URL(
      h.absolute(await h.storage.signedUrl('reports/m1/r2.csv', { ...CSV, expiresInSeconds: 60 })),
    );
    expect((await fetch(fresh)).status).toBe(200);
    if (!h.checksSignatures) return;
    const altered = new URL(fresh);
    altered.search = fresh.search.replace('r2.csv', 'r1.csv');
    const refused = await fetch(altered);
    expect(refused.ok).toBe(false);
    expect([403, 404]).toContain(refused.status);
  });

  it('answers a URL of a missing file with an error, not a file', async () => {
    const response = await fetchSigned('reports/m1/never-written.csv');
    expect(response.ok).toBe(false);
    expect([403, 404]).toContain(response.status);
  });

  it('deletes a file (and deleting it again is no error)', async () => {
    await h.storage.write('reports/m1/r3.csv', Readable.from(['gone\n']));
    expect((await fetchSigned('reports/m1/r3.csv')).status).toBe(200);
    await h.storage.remove('reports/m1/r3.csv');
    expect((await fetchSigned('reports/m1/r3.csv')).ok).toBe(false);
    await expect(h.storage.remove('reports/m1/r3.csv')).resolves.toBeUndefined();
  });
});

describe('S3 storage start-up check', () => {
  it('names the bucket and the error, never the secret, when the bucket cannot be reached', async () => {
    const s3 = await startS3rver();
    try {
      const storage = createS3FileStorage({ ...s3.config, bucket: 'no-such-bucket' });
      const failure = await storage.check().then(
        () => undefined,
        (error: Error) => error,
      );
      expect(failure?.message).toMatch(/S3 storage could not reach the bucket no-such-bucket \(\w+ 404/);
      expect(failure?.message).not.toContain('S3RVER');
    } finally {
      await s3.stop();
    }
  });
});
