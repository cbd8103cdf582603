import type { Readable } from 'node:stream';

/**
 * Files (DESIGN §4): report CSVs are written here as streams and handed out as expiring URLs. The embedded
 * default is a local folder whose URLs are HMAC-signed and served by this API (local-file-storage.ts); nothing
 * else is wired in this build (an S3-compatible adapter is not written yet — see the session note).
 */
export interface FileStorage {
  /** Writes `body` under `key` (replacing what was there) and resolves with the bytes written. */
  write(key: string, body: Readable): Promise<{ sizeBytes: number }>;
  /** A URL the browser can fetch the file from until `expiresInSeconds` have passed. */
  signedUrl(
    key: string,
    options: { filename: string; contentType: string; expiresInSeconds: number },
  ): string;
  remove(key: string): Promise<void>;
}
