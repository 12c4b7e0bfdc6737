import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { freePort } from '../support/free-port';

const ROOT = join(__dirname, '..', '..');

describe('embedded Postgres (the zero-setup default)', () => {
  it('initialises, migrates, keeps its data across a restart, and stops', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'embedded-pg-'));
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['-r', join(ROOT, 'test/support/ts-register.js'), join(ROOT, 'test/support/embedded-postgres-probe.ts')],
      { cwd: ROOT, env: { ...process.env, DATA_DIR: dataDir, EMBEDDED_PG_PORT: String(await freePort()) } },
    );
    const seen = JSON.parse(stdout.trim());
    expect(seen.applied.length).toBeGreaterThan(0);
    expect(seen.reapplied).toEqual([]);
    expect(seen.rows).toEqual([{ name: 'persisted' }]);
    expect(seen.url).toMatch(/^postgresql:\/\/postgres:\*\*\*@127\.0\.0\.1:\d+\/gateway$/);
  }, 90_000);
});
