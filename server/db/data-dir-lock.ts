// The embedded database's data folder belongs to one process at a time. PGlite has no server
// process to turn a second one away, and two processes writing one data directory corrupt it
// (every later start then failed in ANALYZE with "tuple already updated by self"). A lock file
// beside the directory holds its owner's pid; who still runs is read through /proc, so a lock left
// by a process that is gone (killed, power cut, a zombie not yet collected, a pid reused by another
// program after a reboot) is taken over. A read-only copy (./copy.ts) and the backup command
// (server/backup/cli.ts) read the same lock before they touch the folder.
import { readFileSync } from 'node:fs';
import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** Another process has the embedded database open. */
export class DataDirInUseError extends Error {}

/**
 * Whether a process with this id runs (one of another user counts). A zombie does not: it has
 * exited and only waits for its parent (or PID 1) to collect its status, which after a kill -9
 * can take seconds.
 */
export const processExists = (pid: number) => {
  try {
    process.kill(pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  const state = procState(pid);
  return state !== 'Z' && state !== 'X';
};

/** The state letter in /proc/<pid>/stat (R, S, D, Z...); undefined without /proc (macOS). */
function procState(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // "pid (comm) S ...": comm may hold spaces and parentheses, so read after the last ')'.
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
  } catch {
    return undefined;
  }
}

/**
 * Whether the process is a run of this program: the same executable (node), as far as
 * /proc/<pid>/cmdline tells. After a reboot a lock's pid may belong to anything else; that is
 * not an owner. Without /proc, or when it cannot be read, the process counts as ours.
 */
function runsThisProgram(pid: number): boolean {
  let cmdline: string;
  try {
    cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
  } catch {
    return true;
  }
  const executable = path.basename(cmdline.split('\0')[0] ?? '');
  return executable === path.basename(process.execPath) || /^node(js)?(\d+)?$/.test(executable);
}

/** A lock owner that still holds the directory: running, not a zombie, and this program. */
export const lockOwnerRuns = (pid: number) => pid > 0 && processExists(pid) && runsThisProgram(pid);

/** Throws DataDirInUseError while a running process holds `dataDir` (opening or copying it then does harm). */
export async function refuseWhileHeld(dataDir: string): Promise<void> {
  const lockFile = `${dataDir}.lock`;
  const owner = Number.parseInt(await readFile(lockFile, 'utf8').catch(() => ''), 10);
  if (lockOwnerRuns(owner)) {
    throw new DataDirInUseError(
      `The embedded database ${dataDir} is in use by process ${owner}: stop that server first (if none is running, delete ${lockFile}).`,
    );
  }
}

/** Takes `<dataDir>.lock` for this process, or throws DataDirInUseError naming its owner. Returns the release. */
export async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  const lockFile = `${dataDir}.lock`;
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      await writeFile(lockFile, String(process.pid), { flag: 'wx' });
      return () => rm(lockFile, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    await refuseWhileHeld(dataDir);
    await rm(lockFile, { force: true });
  }
  throw new DataDirInUseError(`Could not lock the embedded database ${dataDir} (${lockFile}).`);
}
