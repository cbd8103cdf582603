import { PassThrough } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { S3StorageConfig } from './s3-config.ts';
import { type FileStorage, safeFilename } from './storage-port.ts';

export type { S3StorageConfig } from './s3-config.ts';

/** Parts of a multipart upload: S3's smallest (5 MiB), two in flight — the most a write holds in memory. */
const PART_SIZE = 5 * 1024 * 1024;
const PARTS_IN_FLIGHT = 2;

/**
 * Object storage through the S3 API (`@aws-sdk/client-s3`): writes stream through a multipart upload
 * (`@aws-sdk/lib-storage`), so a report of any size holds at most PART_SIZE × PARTS_IN_FLIGHT in memory and
 * appears whole or not at all (a failed upload is aborted); downloads are presigned GET URLs (SigV4, query
 * string) that name the file and its type and expire. Credentials never leave the client: no SDK logger is
 * set, and errors are reported by name and status only.
 */
export function createS3FileStorage(
  config: S3StorageConfig,
  options: { now?: () => Date; client?: S3Client } = {},
): FileStorage & { client: S3Client } {
  const now = options.now ?? (() => new Date());
  const clientConfig: S3ClientConfig = {
    region: config.region,
    forcePathStyle: config.forcePathStyle,
    // Checksums only where S3 requires them: many S3-compatible services reject the newer default
    // (CRC32 trailers on aws-chunked uploads). Decision 0087.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    ...(config.endpoint ? { endpoint: config.endpoint } : {}),
    ...(config.credentials ? { credentials: config.credentials } : {}),
  };
  const client = options.client ?? new S3Client(clientConfig);
  const Bucket = config.bucket;

  return {
    kind: 's3',
    client,
    async write(key, body) {
      let sizeBytes = 0;
      const counted = new PassThrough();
      counted.on('data', (chunk: Buffer) => {
        sizeBytes += chunk.length;
      });
      body.on('error', (error) => counted.destroy(error));
      body.pipe(counted);
      const upload = new Upload({
        client,
        params: { Bucket, Key: key, Body: counted },
        partSize: PART_SIZE,
        queueSize: PARTS_IN_FLIGHT,
        leavePartsOnError: false,
      });
      try {
        await upload.done();
      } catch (error) {
        body.destroy();
        throw storageError('write', key, error);
      }
      return { sizeBytes };
    },
    async signedUrl(key, { filename, contentType, expiresInSeconds }) {
      const command = new GetObjectCommand({
        Bucket,
        Key: key,
        ResponseContentDisposition: `attachment; filename="${safeFilename(filename)}"`,
        ResponseContentType: contentType,
        ResponseCacheControl: 'private, no-store',
      });
      return getSignedUrl(client, command, { expiresIn: expiresInSeconds, signingDate: now() });
    },
    async remove(key) {
      try {
        await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
      } catch (error) {
        throw storageError('remove', key, error);
      }
    },
    async check() {
      try {
        await client.send(new HeadBucketCommand({ Bucket }));
      } catch (error) {
        throw storageError('reach the bucket', Bucket, error);
      }
    },
  };
}

/**
 * An SDK error reduced to what is safe to log: the operation, the key, the error's name, HTTP status and
 * message (S3's messages never carry credentials; the signature details of a SignatureDoesNotMatch are in
 * other fields, left out here).
 */
function storageError(operation: string, key: string, error: unknown): Error {
  const name = error instanceof Error ? error.name : 'Error';
  const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
  const code = (error as { code?: unknown }).code;
  const message = error instanceof Error && error.message && error.message !== name ? error.message : '';
  const parts = [name, status, typeof code === 'string' ? code : undefined].filter(Boolean).join(' ');
  return new Error(`S3 storage could not ${operation} ${key} (${parts})${message ? `: ${message}` : ''}`, {
    cause: error,
  });
}
