import type { Config } from '../../config.ts';
import { createLocalFileStorage } from './local-file-storage.ts';
import type { FileStorage } from './storage-port.ts';

/**
 * The file store the configuration names: the S3-compatible bucket when S3_BUCKET is set, else the folder. The
 * AWS SDK is imported only for the bucket: a process on the local folder never loads it.
 */
export async function fileStorageFromConfig(files: Config['files']): Promise<FileStorage> {
  if (files.s3) {
    const { createS3FileStorage } = await import('./s3-file-storage.ts');
    return createS3FileStorage(files.s3);
  }
  return createLocalFileStorage({ root: files.dir, secret: files.urlSecret });
}

/**
 * Checked at start (`npm start`, `npm run worker`): a store that cannot be reached stops the process with one
 * line naming the problem, rather than every report failing later.
 */
export async function checkFileStorage(storage: FileStorage): Promise<string | undefined> {
  try {
    await storage.check();
    return undefined;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}
