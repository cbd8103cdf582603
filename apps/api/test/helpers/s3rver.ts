import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import type { S3StorageConfig } from '../../src/adapters/storage/s3-file-storage.ts';

/** s3rver's fixed key pair (it checks signatures against it). */
const S3RVER_KEY = 'S3RVER';

/** Ports tried for the local S3 server: TEST_S3_PORTS="first-last" (this team's range by default). */
function candidatePorts(): number[] {
  const [first, last] = (process.env.TEST_S3_PORTS ?? '3150-3159').split('-').map(Number);
  if (!first || !last || last < first) throw new Error('TEST_S3_PORTS must look like 3150-3159');
  return Array.from({ length: last - first + 1 }, (_, index) => first + index);
}

const isFree = (port: number) =>
  new Promise<boolean>((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });

/** The bucket's CORS rules a deployment needs for the portal's download (docs/STORAGE.md). */
export const corsRules = (portalOrigin: string) =>
  `<CORSConfiguration><CORSRule><AllowedOrigin>${portalOrigin}</AllowedOrigin><AllowedMethod>GET</AllowedMethod><AllowedHeader>*</AllowedHeader><ExposeHeader>Content-Disposition</ExposeHeader><MaxAgeSeconds>600</MaxAgeSeconds></CORSRule></CORSConfiguration>`;

/**
 * A real S3 API (s3rver) on the first free port of the range, with one bucket in a temporary folder. The
 * adapter reaches it exactly as it would reach AWS: SigV4-signed requests, presigned URLs checked for their
 * signature and expiry.
 */
export async function startS3rver(options: { bucket?: string; portalOrigin?: string } = {}) {
  const bucket = options.bucket ?? 'reports-test';
  const directory = await mkdtemp(join(tmpdir(), 's3rver-'));
  for (const port of candidatePorts()) {
    if (!(await isFree(port))) continue;
    const server = new S3rver({
      address: '127.0.0.1',
      port,
      silent: true,
      directory,
      configureBuckets: [
        { name: bucket, configs: options.portalOrigin ? [corsRules(options.portalOrigin)] : [] },
      ],
    });
    const address = await server.run();
    const config: S3StorageConfig = {
      bucket,
      region: 'eu-west-2',
      endpoint: `http://127.0.0.1:${address.port}`,
      forcePathStyle: true,
      credentials: { accessKeyId: S3RVER_KEY, secretAccessKey: S3RVER_KEY },
    };
    return {
      config,
      /** The same settings as S3_* variables, for loadConfig. */
      env: {
        S3_BUCKET: bucket,
        S3_REGION: config.region,
        S3_ENDPOINT: config.endpoint as string,
        S3_FORCE_PATH_STYLE: 'true',
        S3_ACCESS_KEY_ID: S3RVER_KEY,
        S3_SECRET_ACCESS_KEY: S3RVER_KEY,
      },
      stop: async () => {
        await server.close();
        await rm(directory, { recursive: true, force: true });
      },
    };
  }
  throw new Error(`no free port for s3rver in ${candidatePorts().join(', ')}`);
}
