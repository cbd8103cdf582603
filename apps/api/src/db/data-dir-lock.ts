import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';

/**
 * PGlite writes no `postmaster.pid`, so nothing stopped a second process from opening a data directory one already
 * had open — `npm start` twice, or `npm run worker` without DATABASE_URL — and running a second PostgreSQL on the same
 * files, with no shared memory or locks between the two: a corrupt database. `<dataDir>.lock` beside the directory
 * (inside it, PGlite's first start would find the folder not empty) holds the id of the process that has it open.
 */
export class DataDirInUseError extends Error {
  constructor(dataDir: string, owner: number | undefined) {
    super(
      `The database folder ${dataDir} is open in another process (pid ${owner ?? 'unknown'}). PGlite is one process's database: ` +
        'stop that process first, or give each process its own DATA_DIR, or use PostgreSQL (DATABASE_URL) for ' +
        'several processes.',
    );
    this.name = 'DataDirInUseError';
  }
}

/** The folders this process has open: a second open in the same process is refused too. */
const held = new Set<string>();

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, under another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

const ownerOf = (path: string): number | undefined => {
  try {
    const pid = Number.parseInt(readFileSync(path, 'utf8'), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
};

/**
 * Takes `dataDir`'s lock for this process, or throws DataDirInUseError naming the live process that has it. A lock
 * left by a process that ended without closing the database (killed) is taken over; so is one naming this process's
 * own id when this process does not hold it (a container restarted with the same pid). Returns the release.
 */
export function lockDataDir(dataDir: string): () => void {
  const folder = resolve(dataDir);
  const path = `${folder}.lock`;
  if (held.has(folder)) throw new DataDirInUseError(dataDir, process.pid);
  for (let attempt = 0; ; attempt++) {
    // A lock that keeps coming back unreadable is being written by another process as this one looks.
    if (attempt === 3) throw new DataDirInUseError(dataDir, ownerOf(path));
    try {
      writeFileSync(path, `${process.pid}\n`, { flag: 'wx' });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = ownerOf(path);
      // Two processes that both found a dead owner's lock: the one whose file is there now has it.
      if (owner !== undefined && owner !== process.pid && (alive(owner) || attempt > 0))
        throw new DataDirInUseError(dataDir, owner);
      // Removed only if it still names the dead owner (two processes taking one dead lock over at the same
      // microsecond could still both win: a start-up race this does not close).
      if (ownerOf(path) === owner) rmSync(path, { force: true });
    }
  }
  held.add(folder);
  return () => {
    held.delete(folder);
    if (ownerOf(path) === process.pid) rmSync(path, { force: true });
  };
}
