/**
 * Wiping the local stack's data, and the lock that keeps two stacks (or a stack and a reset) off the same folder:
 * DynamoDB Local and cognito-local both corrupt their files when two processes write them.
 */
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const LOCK_FILE = 'stack.pid';

/** The pid of a live process holding the folder, or null. */
export function lockHolder(dataDir: string): number | null {
  const path = join(dataDir, LOCK_FILE);
  if (!existsSync(path)) return null;
  const pid = Number(readFileSync(path, 'utf8').trim());
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) return null;
  try {
    process.kill(pid, 0);
    return pid;
  } catch {
    return null; // the holder died without cleaning up
  }
}

export function acquireLock(dataDir: string): void {
  const holder = lockHolder(dataDir);
  if (holder !== null) {
    throw new Error(`${dataDir} is in use by another local stack (pid ${holder}). Stop it first.`);
  }
  writeFileSync(join(dataDir, LOCK_FILE), String(process.pid));
}

export function releaseLock(dataDir: string): void {
  const path = join(dataDir, LOCK_FILE);
  if (existsSync(path) && readFileSync(path, 'utf8').trim() === String(process.pid))
    rmSync(path, { force: true });
}

/** Deletes the folder; false when there was nothing to delete. */
export async function resetLocalData(dataDir: string): Promise<boolean> {
  if (!existsSync(dataDir)) return false;
  const holder = lockHolder(dataDir);
  if (holder !== null) {
    throw new Error(
      `A local stack (pid ${holder}) is running on ${dataDir}. Stop it (Ctrl-C) before resetting.`,
    );
  }
  rmSync(dataDir, { recursive: true, force: true });
  return true;
}
