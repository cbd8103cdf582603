import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FileStorage } from './storage-port.ts';

/** The path the API serves signed local files at (src/adapters/storage/file-routes.ts). */
export const LOCAL_FILES_PATH = '/api/files';

export interface SignedFileRequest {
  key: string;
  expires: number;
  filename: string;
  contentType: string;
  signature: string;
}

/**
 * The embedded file store: a folder on disk. URLs carry an HMAC-SHA256 over key, expiry, file name and type
 * with a secret (FILES_URL_SECRET, else one made up per process — then only the process that signed a URL can
 * serve it), so a URL cannot be altered or used after it expires.
 */
export function createLocalFileStorage(options: {
  root: string;
  secret?: string | undefined;
  now?: () => Date;
}) {
  const root = resolve(options.root);
  const secret = options.secret ?? randomBytes(32).toString('hex');
  const now = options.now ?? (() => new Date());

  const pathOf = (key: string) => {
    const path = resolve(root, key);
    if (!path.startsWith(root + sep)) throw new Error('file key outside the store');
    return path;
  };
  const sign = (request: Omit<SignedFileRequest, 'signature'>) =>
    createHmac('sha256', secret)
      .update([request.key, request.expires, request.filename, request.contentType].join('\n'))
      .digest('base64url');

  const storage: FileStorage = {
    kind: 'local',
    async write(key, body) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      // Written beside the target and renamed into place, so a reader never sees half a file.
      const partial = `${path}.${randomBytes(6).toString('hex')}.partial`;
      try {
        await pipeline(body, createWriteStream(partial));
        await rename(partial, path);
      } catch (error) {
        await rm(partial, { force: true });
        throw error;
      }
      return { sizeBytes: (await stat(path)).size };
    },
    async signedUrl(key, { filename, contentType, expiresInSeconds }) {
      const expires = Math.floor(now().getTime() / 1000) + expiresInSeconds;
      const signature = sign({ key, expires, filename, contentType });
      const query = new URLSearchParams({ key, expires: String(expires), filename, contentType, signature });
      return `${LOCAL_FILES_PATH}?${query.toString()}`;
    },
    async remove(key) {
      await rm(pathOf(key), { force: true });
    },
    async check() {
      await mkdir(root, { recursive: true });
    },
  };

  return {
    ...storage,
    kind: 'local' as const,
    /** The file a signed URL names, or undefined when the signature is wrong or the URL has expired. */
    verify(request: SignedFileRequest): { path: string } | undefined {
      const expected = Buffer.from(sign(request));
      const given = Buffer.from(request.signature);
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
      if (request.expires < Math.floor(now().getTime() / 1000)) return undefined;
      return { path: pathOf(request.key) };
    },
    open(path: string): Readable {
      return createReadStream(path);
    },
    root: join(root),
  };
}

export type LocalFileStorage = ReturnType<typeof createLocalFileStorage>;

/** The local store (whose download route the API serves) among the adapters of the FileStorage port. */
export const isLocalFileStorage = (storage: FileStorage): storage is LocalFileStorage =>
  storage.kind === 'local' && 'verify' in storage && 'open' in storage;
