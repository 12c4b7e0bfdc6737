import { createHash, randomUUID } from 'node:crypto';
import { readFileSync, readlinkSync, unlinkSync } from 'node:fs';
import { mkdir, readFile, stat, unlink, utimes } from 'node:fs/promises';
import { hostname } from 'node:os';
import { dirname } from 'node:path';
import { writeFileOnce } from '../common/fs/write-file-once';

/** Beside a spill directory (`<dir>.lock`, not in it: its listing stays the spill files'): who writes there. */
export const SPILL_LOCK_SUFFIX = '.lock';

/** How a lock is kept alive and judged gone. */
export interface SpillLockTiming {
  /** The holder touches the file this often. */
  heartbeatMs: number;
  /** Another host's lock not touched for this long (as this process watches it) is its holder's no more. */
  staleMs: number;
  /** acquire() watches another host's lock this long before it gives up on it. */
  waitMs: number;
  /** acquire() looks again this often while it waits. */
  pollMs: number;
}

export const SPILL_LOCK_TIMING: SpillLockTiming = { heartbeatMs: 5_000, staleMs: 15_000, waitMs: 20_000, pollMs: 250 };

/** What a lock file says. */
export interface Holder {
  pid: number;
  /** The machine and process namespace its pid means something in (see thisHost). */
  host: string;
  /** When that pid started (clock ticks since boot; 0 where /proc does not tell): a reused pid is another process. */
  started: number;
  /** This holding's own: tells a lock taken again by the same pid (a restarted container's PID 1) from this one. */
  token: string;
}

/**
 * The machine and pid namespace this process runs in: its pid is meaningful (alive or not, the same
 * process or not) only to a process that shares both. The hostname alone is not enough: containers
 * with the host's network (or a set `hostname:`) share it, each with PIDs of its own.
 */
function thisHost(): string {
  const read = (read: () => string) => {
    try {
      return read().trim();
    } catch {
      return '';
    }
  };
  const boot = read(() => readFileSync('/proc/sys/kernel/random/boot_id', 'utf8'));
  const pids = read(() => readlinkSync('/proc/self/ns/pid'));
  return [hostname(), boot, pids].filter(Boolean).join(' ');
}

/** When a pid started (field 22 of /proc/<pid>/stat); 0 where /proc does not say, null when no such process runs. */
function startOf(pid: number): number | null {
  if (!Number.isInteger(pid) || pid <= 0) return null;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19]) || 0;
  } catch {
    // No /proc entry: no such process (or no /proc here, where the pid is asked directly).
    return pidAlive(pid) ? 0 : null;
  }
}

function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it lives, under another user.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

const HOST = thisHost();
const STARTED = startOf(process.pid) ?? 0;

/** The tokens of the locks this process holds now: a lock with our pid and none of them is an earlier process's. */
const heldHere = new Set<string>();

/** The lock files to remove when the process exits (one 'exit' listener for them all): path by token. */
const removeAtExit = new Map<string, string>();
let exitListener = false;

function removeLocksAtExit(): void {
  // Only synchronous work runs at exit: each file is read, and removed only while it is still ours.
  for (const [token, path] of removeAtExit) {
    try {
      if ((JSON.parse(readFileSync(path, 'utf8')) as Holder).token === token) unlinkSync(path);
    } catch {
      // Gone already, or not ours.
    }
  }
}

/**
 * The lock that makes one process the only writer of a spill directory, for the process's life:
 * nothing else proves that the process which last wrote there is gone before its files are rotated,
 * replayed or taken over (a worker a supervisor left running, a second gateway on the same
 * DATA_DIR). Node has no flock, so it is a lock file beside the directory: written whole and linked
 * into place (writeFileOnce: never seen half-written; the link fails when the lock exists),
 * touched every `heartbeatMs`, removed at exit.
 *
 * Whether a lock is still its holder's: on this host (the same machine and pid namespace), by its
 * pid alone, alive and started when the lock says (a crashed process's lock is taken over at once, a
 * live one is never, however long it froze); from another host (containers sharing a volume), by
 * its heartbeat, watched by this process on its own clock for `staleMs` (the two hosts' clocks may
 * differ), which only acquire() does: tryAcquire() never takes another host's lock over.
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
    private readonly timing: SpillLockTiming,
    private readonly onLost: (holder: Holder | null) => void,
  ) {
    this.heartbeat = setInterval(() => void this.touch(), timing.heartbeatMs);
    this.heartbeat.unref();
    heldHere.add(token);
    removeAtExit.set(token, path);
    if (!exitListener) {
      exitListener = true;
      process.once('exit', removeLocksAtExit);
    }
  }

  /**
   * Takes the directory's lock; a lock of another host is watched for up to `timing.waitMs` and
   * taken once it went `staleMs` untouched (a replaced container on a shared volume). Returns the
   * holder when a live process still holds it.
   */
  static async acquire(dir: string, onLost: (holder: Holder | null) => void, timing = SPILL_LOCK_TIMING): Promise<SpillDirLock | Holder> {
    const deadline = Date.now() + timing.waitMs;
    let watched = null as { seen: string; since: number } | null;
    for (;;) {
      const attempt = await SpillDirLock.tryAcquire(
        dir,
        onLost,
        timing,
        watched && Date.now() - watched.since >= timing.staleMs ? watched.seen : null,
      );
      if (attempt instanceof SpillDirLock || attempt.host === HOST || Date.now() >= deadline) return attempt;
      const seen = await lockState(lockPathOf(dir));
      if (seen !== null && seen !== watched?.seen) watched = { seen, since: Date.now() };
      await new Promise((resolve) => setTimeout(resolve, timing.pollMs));
    }
  }

  /**
   * Takes the lock if no live process of this host holds it (another host's only when it is the
   * `staleState` acquire() watched go untouched); else returns the holder.
   */
  static async tryAcquire(
    dir: string,
    onLost: (holder: Holder | null) => void,
    timing = SPILL_LOCK_TIMING,
    staleState: string | null = null,
  ): Promise<SpillDirLock | Holder> {
    await mkdir(dirname(dir), { recursive: true, mode: 0o700 });
    const path = lockPathOf(dir);
    const mine: Holder = { pid: process.pid, host: HOST, started: STARTED, token: randomUUID() };
    // Waits for another process's takeover of a gone lock, at most as long as acquire() waits.
    const takeoverDeadline = Date.now() + timing.waitMs;
    for (let attempt = 0; ; attempt++) {
      if (await writeFileOnce(path, JSON.stringify(mine))) return new SpillDirLock(dir, path, mine.token, timing, onLost);
      const held = await readLock(path);
      if (held === null) {
        // Released meanwhile: try again (a few times: a path that exists and cannot be read is held).
        if (attempt < 3) continue;
        return { pid: 0, host: 'unknown', started: 0, token: '' };
      }
      // Another host's lock: its state (content and time stamp) read only here, where it is compared.
      const gone = held.host === HOST ? !holderLives(held) : staleState !== null && (await lockState(path)) === staleState;
      if (!gone) return held;
      // Another process taking it over this very moment (its lock is there when it is done), or a
      // lock that would not go: looked at again shortly, for as long as acquire() would wait.
      if (Date.now() >= takeoverDeadline) return held;
      const removal = await removeGoneLock(path, held.token, mine, timing);
      if (removal === 'busy' || removal === 'failed') await new Promise((resolve) => setTimeout(resolve, timing.pollMs));
      attempt = -1; // the gone lock was dealt with: the count of reads that found no lock starts again
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
    this.released = true; // the heartbeat stops touching it now; stop() clears it below
    try {
      // Removed as a gone lock is, under a takeover of it: a start of this process that judges it gone
      // at this moment (it yielded) waits for the takeover, and never has its own new lock removed.
      await removeGoneLock(this.path, this.token, { pid: process.pid, host: HOST, started: STARTED, token: randomUUID() }, this.timing);
    } catch {
      // A disk that fails now: the lock stays, to be judged gone by the next start (this process has ended by then).
    } finally {
      this.stop();
    }
  }

  private stop(): void {
    this.released = true;
    clearInterval(this.heartbeat);
    removeAtExit.delete(this.token);
    heldHere.delete(this.token);
  }

  private async touch(): Promise<void> {
    if (this.released) return;
    try {
      const held = await readLock(this.path);
      // Missing (removed as gone by a process that judged this one dead, and not yet taken): next beat.
      if (held === null) return;
      if (held.token !== this.token) {
        // Taken over (this process was judged gone): said loudly, once, unless it yielded.
        this.stop();
        if (!this.yielded) this.onLost(held);
        return;
      }
      const now = new Date();
      await utimes(this.path, now, now);
    } catch {
      // A disk that fails now (EIO, ESTALE, too many open files): the next beat tries again.
    }
  }
}

/**
 * Removes the lock judged gone (its holder's `token`), unless it changed meanwhile. Remove-if-unchanged
 * is not one step on a file system, so a removal is made only by the one process that holds a
 * takeover of that lock, and only after it read the lock again under it: two processes judging one
 * gone lock at once could otherwise each remove it, the second one the lock the first, or a third,
 * had just taken (three gateways starting at one moment on a crashed one's directory).
 *
 * A takeover is a file created exclusively (writeFileOnce) and named after the gone lock and a
 * generation: `<lock>.takeover-<lock's id>.<n>`. Whoever creates generation 1 takes over; should
 * its taker die in the milliseconds it holds it, the next takes generation 2, and so on. Nobody
 * removes another's takeover file while that lock may still be removed, so no second taker can
 * appear while one lives; once the gone lock is removed (or found replaced) its takeovers are
 * garbage, and the taker removes its own and the dead ones below it (a later look at them finds
 * the lock changed). `busy`: a live process holds the takeover; `failed`: the lock could not be
 * removed (another user's file in a sticky directory, a failing disk).
 */
async function removeGoneLock(
  path: string,
  token: string,
  mine: Holder,
  timing: SpillLockTiming,
): Promise<'removed' | 'changed' | 'busy' | 'failed'> {
  const name = `${path}${TAKEOVER_SUFFIX}${createHash('sha256').update(token).digest('hex').slice(0, 16)}`;
  const deadBelow: string[] = [];
  let ours: string | null = null;
  let lockGone = false;
  takingOver.add(mine.token);
  try {
    for (let generation = 1; generation <= MAX_TAKEOVER_GENERATIONS; generation++) {
      const takeover = `${name}.${generation}`;
      if (await writeFileOnce(takeover, JSON.stringify(mine))) {
        ours = takeover;
        break;
      }
      const taker = await readLock(takeover);
      // Removed meanwhile: by its taker once the lock was gone, or after a removal that failed.
      if (taker === null) return 'changed';
      if (!(await takerGone(takeover, taker, timing))) return 'busy';
      deadBelow.push(takeover);
    }
    if (ours === null) return 'busy';
    if ((await readLock(path))?.token !== token) {
      lockGone = true;
      return 'changed';
    }
    try {
      await unlink(path);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') return 'failed';
    }
    lockGone = true;
    return 'removed';
  } finally {
    if (ours !== null) await unlink(ours).catch(() => undefined);
    takingOver.delete(mine.token);
    // Only once the lock is gone for good (its id never comes back) may its dead takeovers go:
    // while it stays, they keep the next taker's generation above every one still alive.
    if (lockGone) for (const file of deadBelow) await unlink(file).catch(() => undefined);
  }
}

/**
 * A takeover file outlives its takeover only when its taker died during one (they last milliseconds):
 * on this host its pid says; from another host, its age on this host's clock.
 */
async function takerGone(takeover: string, taker: Holder, timing: SpillLockTiming): Promise<boolean> {
  // A taker of this process (another writer's start) is alive while it takes over; one of our pid and none of its tokens is an earlier process's.
  if (taker.host === HOST) return taker.pid === process.pid ? !takingOver.has(taker.token) : !holderLives(taker);
  const modified = await stat(takeover).then(
    (info) => info.mtimeMs,
    () => null,
  );
  return modified !== null && Date.now() - modified > timing.staleMs;
}

/** Beside the lock while a process removes it as gone (see removeGoneLock). */
const TAKEOVER_SUFFIX = '.takeover-';

/** Takeovers of one gone lock whose takers all died: past this many, a start leaves the lock to the operator. */
const MAX_TAKEOVER_GENERATIONS = 20;

/** The tokens of this process's takeovers in progress. */
const takingOver = new Set<string>();

function lockPathOf(dir: string): string {
  return `${dir.replace(/\/+$/, '')}${SPILL_LOCK_SUFFIX}`;
}

/** On this host: the holder's pid runs, and is the process that wrote the lock (not a reuse of its pid). */
function holderLives(holder: Holder): boolean {
  // Our own pid: live if this process holds that token; else an earlier process's (a restarted container's PID 1).
  if (holder.pid === process.pid) return heldHere.has(holder.token);
  const started = startOf(holder.pid);
  if (started === null) return false;
  return started === 0 || !holder.started || started === holder.started;
}

/** The lock's holder; null when there is no lock. A lock that cannot be parsed (a foreign file) is nobody's live one. */
async function readLock(path: string): Promise<Holder | null> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
  try {
    const holder = JSON.parse(text) as Partial<Holder> | null;
    if (typeof holder?.token === 'string' && typeof holder.pid === 'number' && typeof holder.host === 'string')
      return { pid: holder.pid, host: holder.host, started: typeof holder.started === 'number' ? holder.started : 0, token: holder.token };
  } catch {
    // Not JSON: below.
  }
  return { pid: 0, host: '', started: 0, token: '' };
}

/** What changes when the lock is touched or replaced: its content and its mtime (null: no lock). */
async function lockState(path: string): Promise<string | null> {
  try {
    const [text, info] = await Promise.all([readFile(path, 'utf8'), stat(path)]);
    return `${info.mtimeMs} ${text}`;
  } catch {
    return null;
  }
}
