import type { Readable } from 'node:stream';

/**
 * Files (DESIGN §4): report CSVs are written here as streams and handed out as expiring URLs. The embedded
 * default is a local folder whose URLs are HMAC-signed and served by this API (local-file-storage.ts); with
 * S3_BUCKET set, an S3-compatible bucket whose URLs are presigned (s3-file-storage.ts). Both pass the same
 * contract test (test/storage-contract.test.ts).
 */
export interface FileStorage {
  /** Which adapter: the local one also needs its download route (`/api/files`) served by the API. */
  readonly kind: 'local' | 's3';
  /**
   * Writes `body` under `key` (replacing what was there) and resolves with the bytes written. The body is
   * streamed through (memory stays flat) and the file appears whole or not at all: a body that fails midway
   * leaves no file under `key`.
   */
  write(key: string, body: Readable): Promise<{ sizeBytes: number }>;
  /**
   * A URL the browser can fetch the file from until `expiresInSeconds` have passed (relative to the API for
   * the local store, absolute for S3). A URL of a missing file answers 404 (local) or 403/404 (S3).
   */
  signedUrl(
    key: string,
    options: { filename: string; contentType: string; expiresInSeconds: number },
  ): Promise<string>;
  /** Removes the file; a missing one is not an error. */
  remove(key: string): Promise<void>;
  /** Checked at start: the folder can be made, the bucket can be reached with the credentials given. */
  check(): Promise<void>;
}

/** The name a download is saved under, reduced to characters every browser and header accepts. */
export const safeFilename = (filename: string) => filename.replace(/[^A-Za-z0-9._-]/g, '_');
