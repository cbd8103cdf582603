import type { Config } from '../../config.ts';
import { createLocalFileStorage } from './local-file-storage.ts';
import { createS3FileStorage } from './s3-file-storage.ts';
import type { FileStorage } from './storage-port.ts';

/** The file store the configuration names: the S3-compatible bucket when S3_BUCKET is set, else the folder. */
export function fileStorageFromConfig(files: Config['files']): FileStorage {
  return files.s3
    ? createS3FileStorage(files.s3)
    : createLocalFileStorage({ root: files.dir, secret: files.urlSecret });
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
