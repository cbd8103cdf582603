// The S3 store's configuration and the origin its downloads come from, apart from the adapter: the security
// headers need the origin at start, and importing the adapter would load the AWS SDK (~30 MB resident) into
// every API process, S3 or not (issue 16 §2). The adapter itself loads only when S3_BUCKET is set.

/** S3_* of the configuration (src/config.ts): the bucket and how to reach it. */
export interface S3StorageConfig {
  bucket: string;
  region: string;
  /** An S3-compatible service's URL (MinIO, R2, s3rver…); unset → AWS's own endpoint for the region. */
  endpoint: string | undefined;
  /** Bucket in the path (`endpoint/bucket/key`) instead of the host name (`bucket.endpoint/key`). */
  forcePathStyle: boolean;
  /** Both or neither: unset → the SDK's default chain (environment, shared files, instance or task role). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
}

/**
 * The origin the browser fetches presigned URLs from (it goes into the CSP's connect-src, and the bucket's
 * CORS rules must allow the portal's origin to GET from it — docs/STORAGE.md).
 */
export function s3DownloadOrigin(config: S3StorageConfig): string {
  const endpoint = new URL(config.endpoint ?? `https://s3.${config.region}.amazonaws.com`);
  if (config.forcePathStyle) return endpoint.origin;
  return `${endpoint.protocol}//${config.bucket}.${endpoint.host}`;
}
