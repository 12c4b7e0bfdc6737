import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { SpillDirLock, type SpillLockTiming } from '../../src/audit/spill-dir-lock';

const ROOT = join(__dirname, '..', '..');
/** Short enough for a test; the heartbeat well inside the staleness, as in service. */
const TIMING: SpillLockTiming = { heartbeatMs: 20, staleMs: 400, waitMs: 600, pollMs: 10 };

const newDir = () => join(mkdtempSync(join(tmpdir(), 'spill-lock-')), 'audit-spill');
const lockFile = (dir: string) => `${dir}.lock`;
const holderOf = (dir: string) => JSON.parse(readFileSync(lockFile(dir), 'utf8')) as { pid: number; host: string; token: string };
const writeLock = (dir: string, holder: object, touchedAgoMs = 0) => {
  writeFileSync(lockFile(dir), JSON.stringify(holder));
  const at = new Date(Date.now() - touchedAgoMs);
  utimesSync(lockFile(dir), at, at);
};
const noLoss = () => {
  throw new Error('lock lost');
};

/** A child process holding `dir`'s lock (with TIMING), until it is killed or told to exit. */
function childHolding(dir: string): Promise<{ kill: (signal: NodeJS.Signals) => Promise<void>; pid: number }> {
  const code = `
    const { SpillDirLock } = require(${JSON.stringify(join(ROOT, 'src/audit/spill-dir-lock.ts'))});
    SpillDirLock.acquire(${JSON.stringify(dir)}, () => {}, ${JSON.stringify(TIMING)}).then(() => {
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
      if (chunk.toString().includes('LOCKED'))
        resolve({
          pid: child.pid!,
          kill: async (signal) => {
            if (signal === 'SIGTERM') child.stdin.write('exit\n');
            else child.kill(signal);
            await exited;
          },
        });
    });
    void exited.then(() => reject(new Error('the child exited before it held the lock')));
  });
}

describe('the spill directory lock', () => {
  it('one holder in a process at a time; a writer that drained yields it to the next of the same process', async () => {
    const dir = newDir();
    const first = (await SpillDirLock.acquire(dir, noLoss, TIMING)) as SpillDirLock;
    expect(first).toBeInstanceOf(SpillDirLock);
    expect(holderOf(dir)).toMatchObject({ pid: process.pid, host: hostname() });
    expect(await SpillDirLock.tryAcquire(dir, noLoss, TIMING)).toMatchObject({ pid: process.pid });
    first.yieldToThisProcess();
    const second = await SpillDirLock.tryAcquire(dir, noLoss, TIMING);
    expect(second).toBeInstanceOf(SpillDirLock);
    // The first holder's heartbeat finds the lock another's: it stops, silently (it yielded).
    await new Promise((resolve) => setTimeout(resolve, TIMING.heartbeatMs * 3));
    await (second as SpillDirLock).release();
    expect(existsSync(lockFile(dir))).toBe(false);
  });

  it('another live process of this host: its lock is not taken, and acquire says who holds it at once; once it is killed its lock is taken at once', async () => {
    const dir = newDir();
    const child = await childHolding(dir);
    try {
      expect(await SpillDirLock.tryAcquire(dir, noLoss, TIMING)).toMatchObject({ pid: child.pid, host: hostname() });
      const started = Date.now();
      expect(await SpillDirLock.acquire(dir, noLoss, { ...TIMING, waitMs: 60_000 })).toMatchObject({ pid: child.pid, host: hostname() });
      // Known live without waiting for staleness (a same-host pid is checked, not timed out).
      expect(Date.now() - started).toBeLessThan(30_000);
    } finally {
      await child.kill('SIGKILL');
    }
    // Killed: its lock is still there, of a pid that no longer runs.
    expect(holderOf(dir).pid).toBe(child.pid);
    const taken = await SpillDirLock.tryAcquire(dir, noLoss, TIMING);
    expect(taken).toBeInstanceOf(SpillDirLock);
    expect(holderOf(dir).pid).toBe(process.pid);
    await (taken as SpillDirLock).release();
  }, 30_000);

  it('a process that exits removes its lock', async () => {
    const dir = newDir();
    const child = await childHolding(dir);
    expect(existsSync(lockFile(dir))).toBe(true);
    await child.kill('SIGTERM');
    expect(existsSync(lockFile(dir))).toBe(false);
  }, 30_000);

  it('another host’s lock while touched is live, taken once it is stale; a lock of our own pid not held here is an earlier process’s; an unreadable one is nobody’s', async () => {
    const dir = newDir();
    const elsewhere = { pid: process.pid, host: `not-${hostname()}`, token: 'theirs' };
    writeLock(dir, elsewhere);
    const touching = setInterval(() => utimesSync(lockFile(dir), new Date(), new Date()), TIMING.heartbeatMs);
    try {
      // Waited for (it may stop being touched) until the wait is over, then said to be live.
      expect(await SpillDirLock.acquire(dir, noLoss, TIMING)).toMatchObject({ host: `not-${hostname()}`, token: 'theirs' });
    } finally {
      clearInterval(touching);
    }
    // Not touched any more (its host stopped): taken within the wait.
    const taken = (await SpillDirLock.acquire(dir, noLoss, TIMING)) as SpillDirLock;
    expect(taken).toBeInstanceOf(SpillDirLock);
    expect(holderOf(dir).host).toBe(hostname());
    await taken.release();

    writeLock(dir, { pid: process.pid, host: hostname(), token: 'a restarted container’s earlier PID 1' });
    const ours = await SpillDirLock.tryAcquire(dir, noLoss, TIMING);
    expect(ours).toBeInstanceOf(SpillDirLock);
    await (ours as SpillDirLock).release();

    writeFileSync(lockFile(dir), '');
    const cut = await SpillDirLock.tryAcquire(dir, noLoss, TIMING);
    expect(cut).toBeInstanceOf(SpillDirLock);
    await (cut as SpillDirLock).release();
  });

  it('a holder frozen past the staleness whose lock was taken says so once', async () => {
    const dir = newDir();
    const lost: unknown[] = [];
    const first = (await SpillDirLock.acquire(dir, (holder) => lost.push(holder), TIMING)) as SpillDirLock;
    // Another process took it over (as it would a lock not touched for staleMs).
    writeLock(dir, { pid: 1, host: `not-${hostname()}`, token: 'the taker' });
    await new Promise((resolve) => setTimeout(resolve, TIMING.heartbeatMs * 4));
    expect(lost).toEqual([{ pid: 1, host: `not-${hostname()}`, token: 'the taker' }]);
    await first.release();
    // Not its lock: left to its holder.
    expect(holderOf(dir).token).toBe('the taker');
  });
});
