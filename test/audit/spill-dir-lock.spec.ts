import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { SpillDirLock, type Holder, type SpillLockTiming } from '../../src/audit/spill-dir-lock';
import { waitFor } from '../support/wait-for';

const ROOT = join(__dirname, '..', '..');
/**
 * Another host's lock is judged by watching it: a staleness fifty heartbeats long (a busy 2-core
 * machine may hold this process's event loop, toucher and watcher alike, for hundreds of ms), the
 * wait well past it.
 */
const TIMING: SpillLockTiming = { heartbeatMs: 20, staleMs: 1_000, waitMs: 5_000, pollMs: 10 };

const newDir = () => join(mkdtempSync(join(tmpdir(), 'spill-lock-')), 'audit-spill');
const lockFile = (dir: string) => `${dir}.lock`;
const holderOf = (dir: string) => JSON.parse(readFileSync(lockFile(dir), 'utf8')) as Holder;
const writeLock = (dir: string, holder: object) => writeFileSync(lockFile(dir), JSON.stringify(holder));
const noLoss = () => {
  throw new Error('lock lost');
};
const isLock = (value: unknown): value is SpillDirLock => value instanceof SpillDirLock;

/** A child process holding `dir`'s lock, until it is killed or told to exit. */
function childHolding(dir: string): Promise<{ stop: (how: 'kill' | 'exit') => Promise<void>; pid: number }> {
  const code = `
    const { SpillDirLock } = require(${JSON.stringify(join(ROOT, 'src/audit/spill-dir-lock.ts'))});
    SpillDirLock.acquire(${JSON.stringify(dir)}, () => {}, ${JSON.stringify(TIMING)}).then((lock) => {
      if (!(lock instanceof SpillDirLock)) process.exit(3);
      process.stdout.write('LOCKED\\n');
      process.stdin.on('data', () => process.exit(0));
      setInterval(() => {}, 1000);
    });`;
  const child = spawn(process.execPath, ['-r', join(ROOT, 'test/support/ts-register.js'), '-e', code], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return new Promise((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      if (!chunk.toString().includes('LOCKED')) return;
      resolve({
        pid: child.pid!,
        stop: async (how) => {
          if (how === 'exit') child.stdin.write('exit\n');
          else child.kill('SIGKILL');
          await exited;
        },
      });
    });
    void exited.then(() => reject(new Error('the child exited before it held the lock')));
  });
}

describe('the spill directory lock', () => {
  it('one holder in a process at a time; a writer that drained yields it to the next of the same process; release removes it', async () => {
    const dir = newDir();
    const first = await SpillDirLock.acquire(dir, noLoss, TIMING);
    if (!isLock(first)) throw new Error('not acquired');
    expect(holderOf(dir)).toMatchObject({ pid: process.pid });
    // Written whole and linked into place: no draft is left beside it.
    expect(readdirSync(dirname(dir))).toEqual(['audit-spill.lock']);
    expect(await SpillDirLock.tryAcquire(dir, noLoss, TIMING)).toMatchObject({ pid: process.pid });
    first.yieldToThisProcess();
    const second = await SpillDirLock.tryAcquire(dir, noLoss, TIMING);
    if (!isLock(second)) throw new Error('not taken over');
    await second.release();
    expect(existsSync(lockFile(dir))).toBe(false);
    await first.release(); // no longer its lock: nothing happens
  });

  it('a live process of this host keeps its lock, however long since its last touch; once it is killed its lock is taken at once', async () => {
    const dir = newDir();
    const child = await childHolding(dir);
    try {
      // Not touched for longer than the staleness: a live pid of this host is still its holder.
      utimesSync(lockFile(dir), new Date(0), new Date(0));
      expect(await SpillDirLock.tryAcquire(dir, noLoss, TIMING)).toMatchObject({ pid: child.pid });
      expect(await SpillDirLock.acquire(dir, noLoss, TIMING)).toMatchObject({ pid: child.pid });
    } finally {
      await child.stop('kill');
    }
    expect(holderOf(dir).pid).toBe(child.pid);
    const taken = await SpillDirLock.tryAcquire(dir, noLoss, TIMING);
    if (!isLock(taken)) throw new Error('a killed process’s lock was not taken');
    expect(holderOf(dir).pid).toBe(process.pid);
    await taken.release();
  }, 30_000);

  it('a process that exits removes its lock', async () => {
    const dir = newDir();
    const child = await childHolding(dir);
    try {
      expect(existsSync(lockFile(dir))).toBe(true);
    } finally {
      await child.stop('exit');
    }
    expect(existsSync(lockFile(dir))).toBe(false);
  }, 30_000);

  it('on this host: a lock of our own pid not held here is an earlier process’s, and one whose pid now runs another process (started later) is its dead holder’s', async () => {
    const dir = newDir();
    const host = holderOf((await heldAndReleased(newDir())).dir).host;
    writeLock(dir, { pid: process.pid, host, started: 0, token: 'a restarted container’s earlier PID 1' });
    const ours = await SpillDirLock.tryAcquire(dir, noLoss, TIMING);
    if (!isLock(ours)) throw new Error('not taken');
    await ours.release();

    writeLock(dir, { pid: process.ppid, host, started: 1, token: 'a pid reused since' });
    const reused = await SpillDirLock.tryAcquire(dir, noLoss, TIMING);
    if (!isLock(reused)) throw new Error('not taken');
    await reused.release();
  });

  it('several starting at once on one gone lock: exactly one takes it, every time', async () => {
    const host = holderOf((await heldAndReleased(newDir())).dir).host;
    // Removing a gone lock is remove-if-unchanged, two steps on a file system: moved aside, checked and
    // put back instead, two of six attempts here took one lock about once in 200 rounds.
    for (let round = 0; round < 500; round++) {
      const dir = newDir();
      writeLock(dir, { pid: process.pid, host, started: 0, token: 'an earlier process’s' });
      const attempts = await Promise.all(Array.from({ length: 6 }, () => SpillDirLock.tryAcquire(dir, noLoss, TIMING)));
      const taken = attempts.filter(isLock);
      expect(taken).toHaveLength(1);
      expect(holderOf(dir).token).not.toBe('an earlier process’s');
      await taken[0].release();
      expect(readdirSync(dirname(dir))).toEqual([]); // no takeover file left behind
    }
  }, 60_000);

  it('a takeover whose taker died is passed over (the next generation) and cleared; one a live process holds is never', async () => {
    const host = holderOf((await heldAndReleased(newDir())).dir).host;
    const gone = { pid: process.pid, host, started: 0, token: 'an earlier process’s' };
    const takeover = (dir: string, generation: number) =>
      `${lockFile(dir)}.takeover-${createHash('sha256').update(gone.token).digest('hex').slice(0, 16)}.${generation}`;
    const deadPid = await exitedPid();

    const dir = newDir();
    writeLock(dir, gone);
    writeFileSync(takeover(dir, 1), JSON.stringify({ pid: deadPid, host, started: 0, token: 'died taking over' }));
    writeFileSync(takeover(dir, 2), JSON.stringify({ ...gone, token: 'an earlier process of our pid, died taking over' }));
    const taken = await SpillDirLock.tryAcquire(dir, noLoss, TIMING);
    if (!isLock(taken)) throw new Error('not taken');
    expect(readdirSync(dirname(dir))).toEqual(['audit-spill.lock']);
    await taken.release();

    // The parent process (the test runner) is alive: its takeover (generation 2) is in progress, however
    // long it takes; the dead one below it stays while the lock does, so no second taker can come in.
    const busy = newDir();
    writeLock(busy, gone);
    writeFileSync(takeover(busy, 1), JSON.stringify({ pid: deadPid, host, started: 0, token: 'died taking over' }));
    writeFileSync(takeover(busy, 2), JSON.stringify({ pid: process.ppid, host, started: 0, token: 'a live taker’s' }));
    expect(await SpillDirLock.tryAcquire(busy, noLoss, { ...TIMING, waitMs: 200 })).toMatchObject({ token: gone.token });
    expect(holderOf(busy).token).toBe(gone.token);
    expect(existsSync(takeover(busy, 1)) && existsSync(takeover(busy, 2))).toBe(true);
  });

  it('a lock released while another writer of the process takes it over (it yielded) leaves that writer’s lock in place', async () => {
    for (let round = 0; round < 200; round++) {
      const dir = newDir();
      const first = await SpillDirLock.tryAcquire(dir, noLoss, TIMING);
      if (!isLock(first)) throw new Error('not acquired');
      first.yieldToThisProcess();
      // The takers start first: the release's read of the lock then falls among their takeovers.
      const starting = Array.from({ length: 3 }, () => SpillDirLock.tryAcquire(dir, noLoss, TIMING));
      const [attempts] = await Promise.all([Promise.all(starting), first.release()]);
      const taken = attempts.filter(isLock);
      expect(taken).toHaveLength(1);
      expect(existsSync(lockFile(dir))).toBe(true); // the new holder's, not removed by the release
      await taken[0].release();
    }
  }, 60_000);

  it('another host’s lock: never taken by tryAcquire; acquire takes it only once it stays untouched for the staleness, as this process watches it', async () => {
    const dir = newDir();
    writeLock(dir, { pid: 1, host: 'another-host', started: 0, token: 'theirs' });
    utimesSync(lockFile(dir), new Date(0), new Date(0)); // an old mtime says nothing: its clock may differ
    expect(await SpillDirLock.tryAcquire(dir, noLoss, TIMING)).toMatchObject({ host: 'another-host' });
    const touching = setInterval(() => utimesSync(lockFile(dir), new Date(), new Date()), TIMING.heartbeatMs);
    try {
      // Touched all along: still its holder's when the wait is over.
      expect(await SpillDirLock.acquire(dir, noLoss, TIMING)).toMatchObject({ host: 'another-host', token: 'theirs' });
    } finally {
      clearInterval(touching);
    }
    // Its host stopped touching it: taken within the wait.
    const taken = await SpillDirLock.acquire(dir, noLoss, TIMING);
    if (!isLock(taken)) throw new Error('a stale lock of another host was not taken');
    await taken.release();

    writeFileSync(lockFile(dir), 'not a lock');
    expect(await SpillDirLock.tryAcquire(dir, noLoss, TIMING)).toMatchObject({ pid: 0 });
    const foreign = await SpillDirLock.acquire(dir, noLoss, TIMING);
    if (!isLock(foreign)) throw new Error('an unreadable lock left untouched was not taken');
    await foreign.release();
  }, 30_000);

  it('a holder whose lock another process took over says so once, and leaves that lock at release', async () => {
    const dir = newDir();
    const lost: unknown[] = [];
    const first = await SpillDirLock.acquire(dir, (holder) => lost.push(holder), TIMING);
    if (!isLock(first)) throw new Error('not acquired');
    writeLock(dir, { pid: 1, host: 'another-host', started: 0, token: 'the taker' });
    await waitFor('the heartbeat to find the lock another’s', () => lost.length > 0);
    expect(lost).toEqual([{ pid: 1, host: 'another-host', started: 0, token: 'the taker' }]);
    await first.release();
    expect(holderOf(dir).token).toBe('the taker');
  });
});

/** The pid of a process that has exited. */
async function exitedPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '']);
  await new Promise((resolve) => child.once('exit', resolve));
  return child.pid!;
}

/** A lock taken and released: where this process's own holder fields can be read from. */
async function heldAndReleased(dir: string): Promise<{ dir: string }> {
  const lock = await SpillDirLock.acquire(dir, noLoss, TIMING);
  if (!isLock(lock)) throw new Error('not acquired');
  // Read before release: the file is removed then.
  const copy = `${dir}-copy`;
  writeFileSync(`${copy}.lock`, readFileSync(lockFile(dir)));
  await lock.release();
  return { dir: copy };
}
