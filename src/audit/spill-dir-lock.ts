import { randomUUID } from 'node:crypto';
import { unlinkSync } from 'node:fs';
import { link, mkdir, open, readFile, rename, stat, unlink, utimes } from 'node:fs/promises';
import { hostname } from 'node:os';
import { dirname } from 'node:path';

/** Beside a spill directory (`<dir>.lock`, not in it: its listing stays the spill files'): who writes there. */
export const SPILL_LOCK_SUFFIX = '.lock';

/** How a lock is kept alive and judged gone. */
export interface SpillLockTiming {
  /** The holder touches the file this often. */
  heartbeatMs: number;
  /** A lock not touched for this long is its holder's no more (the holder died, or froze as long). */
  staleMs: number;
  /** acquire() waits this long for another host's holder that may be gone before it gives up. */
  waitMs: number;
  /** acquire() looks again this often while it waits. */
  pollMs: number;
}

export const SPILL_LOCK_TIMING: SpillLockTiming = { heartbeatMs: 5_000, staleMs: 15_000, waitMs: 20_000, pollMs: 250 };

/** The tokens of the locks this process holds now: a lock with our pid and none of them is an earlier process's. */
const heldHere = new Set<string>();

/** The lock files to remove when the process exits (one 'exit' listener for them all), by token. */
const removeAtExit = new Map<string, string>();
let exitListener = false;

function removeLocksAtExit(): void {
  // At exit only synchronous work runs: the files are removed without checking they are still ours.
  for (const path of removeAtExit.values()) {
    try {
      unlinkSync(path);
    } catch {
      // Gone already.
    }
  }
}

/** What a lock file says. */
export interface Holder {
  pid: number;
  host: string;
  /** This holding's own: tells a lock taken again by the same pid (a restarted container's PID 1) from this one. */
  token: string;
}

/**
 * The lock that makes one process the only writer of a spill directory, for the process's life:
 * nothing else proves that the process which last wrote there is gone before its files are rotated,
 * replayed or taken over (a worker a supervisor left running, a second gateway on the same
 * DATA_DIR). Node has no flock, so it is a lock file beside the directory with a heartbeat: created exclusively, touched
 * every `heartbeatMs`, removed at exit. A lock is its holder's while touched within `staleMs` and,
 * on this host, while its pid lives and is not ours; a crashed process's lock on this host is taken
 * over at once, one from another host (containers sharing a volume) once it is stale.
 */
export class SpillDirLock {
  private readonly heartbeat: NodeJS.Timeout;
  private released = false;
  /** Drained: another writer of this process may take the directory over (tests); other processes still wait for exit. */
  private yielded = false;

  private constructor(
    readonly dir: string,
    private readonly path: string,
    private readonly token: string,
    timing: SpillLockTiming,
    onLost: (holder: Holder | null) => void,
  ) {
    this.heartbeat = setInterval(() => void this.touch(onLost), timing.heartbeatMs);
    this.heartbeat.unref();
    heldHere.add(token);
    removeAtExit.set(token, path);
    if (!exitListener) {
      exitListener = true;
      process.once('exit', removeLocksAtExit);
    }
  }

  /**
   * Takes the directory's lock, waiting up to `timing.waitMs` for another host's holder that may be
   * gone (its heartbeat stops: a replaced container on a shared volume); a live process of this host
   * is known live at once. Returns the holder when a live process still holds it.
   */
  static async acquire(dir: string, onLost: (holder: Holder | null) => void, timing = SPILL_LOCK_TIMING): Promise<SpillDirLock | Holder> {
    const deadline = Date.now() + timing.waitMs;
    for (;;) {
      const attempt = await SpillDirLock.tryAcquire(dir, onLost, timing);
      if (attempt instanceof SpillDirLock || attempt.host === hostname() || Date.now() >= deadline) return attempt;
      await new Promise((resolve) => setTimeout(resolve, timing.pollMs));
    }
  }

  /** Takes the lock if no live process holds it; else returns that holder. */
  static async tryAcquire(
    dir: string,
    onLost: (holder: Holder | null) => void,
    timing = SPILL_LOCK_TIMING,
  ): Promise<SpillDirLock | Holder> {
    await mkdir(dirname(dir), { recursive: true, mode: 0o700 });
    const path = `${dir.replace(/\/+$/, '')}${SPILL_LOCK_SUFFIX}`;
    const mine: Holder = { pid: process.pid, host: hostname(), token: randomUUID() };
    for (let attempt = 0; ; attempt++) {
      if (await createExclusive(path, mine)) return new SpillDirLock(dir, path, mine.token, timing, onLost);
      const held = await readLock(path);
      if (held === null) continue; // released meanwhile: try again
      if (isLive(held, timing.staleMs) || attempt >= 3) return held.holder;
      // Stale: moved aside under a name of this attempt's own, then checked to be the lock judged
      // stale (another process may have taken it over in between: then it is put back).
      const aside = `${path}.stale-${mine.token}`;
      if (
        !(await rename(path, aside).then(
          () => true,
          () => false,
        ))
      )
        continue;
      const moved = await readLock(aside);
      if (moved && moved.holder.token !== held.holder.token) await link(aside, path).catch(() => undefined);
      await unlink(aside).catch(() => undefined);
    }
  }

  /**
   * This writer has drained: the process is about to exit, and keeps the lock until then (a record
   * that arrives after the drain is still appended), but another writer of this same process may
   * take the directory over at once (a test's next writer on the same directory).
   */
  yieldToThisProcess(): void {
    this.yielded = true;
    heldHere.delete(this.token);
  }

  /** Removes the lock (the process stops writing the directory). */
  async release(): Promise<void> {
    if (this.released) return;
    this.released = true;
    clearInterval(this.heartbeat);
    removeAtExit.delete(this.token);
    heldHere.delete(this.token);
    if ((await readLock(this.path))?.holder.token === this.token) await unlink(this.path).catch(() => undefined);
  }

  private async touch(onLost: (holder: Holder | null) => void): Promise<void> {
    if (this.released) return;
    const held = await readLock(this.path);
    if (held?.holder.token !== this.token) {
      // Judged stale by another process (this one was frozen past staleMs): said loudly, once.
      clearInterval(this.heartbeat);
      this.released = true;
      heldHere.delete(this.token);
      removeAtExit.delete(this.token);
      if (!this.yielded) onLost(held?.holder ?? null);
      return;
    }
    const now = new Date();
    await utimes(this.path, now, now).catch(() => undefined);
  }
}

async function createExclusive(path: string, holder: Holder): Promise<boolean> {
  let handle;
  try {
    handle = await open(path, 'wx', 0o600);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw err;
  }
  try {
    await handle.writeFile(JSON.stringify(holder));
    await handle.sync();
  } finally {
    await handle.close();
  }
  return true;
}

/** The lock's holder and when it was last touched; null when there is no lock. */
async function readLock(path: string): Promise<{ holder: Holder; touchedMs: number } | null> {
  try {
    const [text, info] = await Promise.all([readFile(path, 'utf8'), stat(path)]);
    let holder: Holder;
    try {
      holder = JSON.parse(text) as Holder;
    } catch {
      // Cut short by a crash between create and write: no process holds it (it is stale at once).
      holder = { pid: 0, host: '', token: '' };
      return { holder, touchedMs: 0 };
    }
    return { holder, touchedMs: info.mtimeMs };
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
}

function isLive({ holder, touchedMs }: { holder: Holder; touchedMs: number }, staleMs: number): boolean {
  if (Date.now() - touchedMs >= staleMs) return false;
  if (holder.host !== hostname()) return true;
  // Our own pid: live if this process holds it now; else an earlier process's (a restarted container's PID 1).
  if (holder.pid === process.pid) return heldHere.has(holder.token);
  return pidAlive(holder.pid);
}

function pidAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it lives, under another user.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
