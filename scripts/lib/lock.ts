/**
 * A PID lock file so only one `npm start` owns the data folder and the ports. A lock whose
 * process is gone (crash, kill -9) is stale and silently replaced.
 */
import fs from 'node:fs';
import path from 'node:path';

export class AlreadyRunningError extends Error {
  readonly pid: number;
  constructor(pid: number) {
    super(`already running (pid ${pid})`);
    this.pid = pid;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    // EPERM: the process exists but belongs to another user.
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The PID recorded in the lock file if that process is still alive, otherwise undefined. */
export function livePid(file: string): number | undefined {
  let raw: string;
  try {
    raw = fs.readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
  const pid = Number.parseInt(raw.trim(), 10);
  return Number.isInteger(pid) && pid > 0 && pid !== process.pid && isAlive(pid) ? pid : undefined;
}

export interface Lock {
  release(): void;
}

/** Takes the lock for this process or throws AlreadyRunningError. */
export function acquireLock(file: string): Lock {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  for (let attempt = 0; ; attempt++) {
    try {
      // 'wx' fails if the file exists, so two starts racing cannot both win.
      fs.writeFileSync(file, `${process.pid}\n`, { flag: 'wx' });
      break;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST' || attempt > 3) throw e;
      const pid = livePid(file);
      if (pid !== undefined) throw new AlreadyRunningError(pid);
      fs.rmSync(file, { force: true }); // stale
    }
  }
  let released = false;
  return {
    release() {
      if (released) return;
      released = true;
      try {
        if (fs.readFileSync(file, 'utf8').trim() === String(process.pid)) fs.rmSync(file, { force: true });
      } catch {
        // already gone
      }
    },
  };
}
