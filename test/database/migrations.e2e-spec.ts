import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { appendFile, cp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { dropDatabase, ensureDatabase } from '../../src/database/migrator';
import { testServerUrl } from '../support/test-env';

/**
 * The migrator loads Prisma's schema engine (ESM + WebAssembly), which jest's module sandbox
 * cannot import, so these tests drive it as developers and CI do: through the migrate CLI
 * (src/database/migrate.cli.ts, run from source), in a child process.
 */
const ROOT = join(__dirname, '..', '..');

function migrateCli(args: string[], options: { databaseUrl: string; cwd?: string }): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['-r', join(ROOT, 'test/support/ts-register.js'), join(ROOT, 'src/database/migrate.cli.ts'), ...args],
      { cwd: options.cwd ?? ROOT, env: { ...process.env, DATABASE_URL: options.databaseUrl } },
      (err, stdout, stderr) => resolve({ code: err ? Number(err.code) : 0, stdout, stderr }),
    );
  });
}

async function committedMigrations(): Promise<string[]> {
  const entries = await readdir(join(ROOT, 'prisma/migrations'), { withFileTypes: true });
  return entries.filter((e) => e.isDirectory()).map((e) => e.name).sort();
}

/** A copy of prisma/ in a temp directory, to change without touching the repository. */
async function prismaCopy(): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'migrations-spec-'));
  await cp(join(ROOT, 'prisma'), join(dir, 'prisma'), { recursive: true });
  return dir;
}

const DRIFT_MODEL = '\nmodel DriftProbe {\n  id Int @id\n  @@map("drift_probe")\n}\n';

describe('migrations', () => {
  it('prisma/schema.prisma and the committed prisma/migrations/ are in sync (empty diff)', async () => {
    const result = await migrateCli(['check'], { databaseUrl: testServerUrl() });
    expect(result).toMatchObject({ code: 0, stdout: 'schema and migrations are in sync\n' });
  });

  it('apply to an empty database as `prisma migrate deploy` would: recorded in _prisma_migrations with the CLI checksum, idempotent', async () => {
    const name = `migrations_spec_${process.pid}`;
    const url = await ensureDatabase(testServerUrl(), name, { dropFirst: true });
    try {
      const names = await committedMigrations();
      expect(names[0]).toMatch(/^\d{14}_init$/);
      expect(await migrateCli(['deploy'], { databaseUrl: url })).toMatchObject({ code: 0, stdout: `applied: ${names.join(', ')}\n` });
      expect(await migrateCli(['deploy'], { databaseUrl: url })).toMatchObject({ code: 0, stdout: 'no pending migrations\n' });

      const db = new Client({ connectionString: url });
      await db.connect();
      try {
        const { rows } = await db.query(
          'SELECT migration_name, checksum, finished_at, rolled_back_at, applied_steps_count FROM _prisma_migrations ORDER BY migration_name',
        );
        expect(rows.map((r) => r.migration_name)).toEqual(names);
        const init = rows[0];
        const sql = await readFile(join(ROOT, 'prisma/migrations', names[0], 'migration.sql'));
        expect(init).toMatchObject({ checksum: createHash('sha256').update(sql).digest('hex'), rolled_back_at: null, applied_steps_count: 1 });
        expect(init.finished_at).toBeInstanceOf(Date);
        const tables = await db.query("SELECT count(*)::int AS n FROM information_schema.tables WHERE table_schema = 'public' AND table_name = 'catalog_endpoints'");
        expect(tables.rows[0].n).toBe(1);
      } finally {
        await db.end();
      }
    } finally {
      await dropDatabase(testServerUrl(), name);
    }
  });

  it('check exits 1 printing the missing SQL when the schema changed without a migration; create writes that migration', async () => {
    const dir = await prismaCopy();
    try {
      await appendFile(join(dir, 'prisma/schema.prisma'), DRIFT_MODEL);
      const check = await migrateCli(['check'], { databaseUrl: testServerUrl(), cwd: dir });
      expect(check.code).toBe(1);
      expect(check.stdout).toContain('CREATE TABLE "drift_probe"');

      await rm(join(dir, 'prisma/migrations/migration_lock.toml')); // create writes it as the Prisma CLI does
      const create = await migrateCli(['create', 'Add drift probe'], { databaseUrl: testServerUrl(), cwd: dir });
      expect(create.code).toBe(0);
      const created = (await readdir(join(dir, 'prisma/migrations'))).filter((n) => n.endsWith('_add_drift_probe'));
      expect(created).toHaveLength(1);
      expect(created[0]).toMatch(/^\d{14}_add_drift_probe$/);
      expect(await readFile(join(dir, 'prisma/migrations', created[0], 'migration.sql'), 'utf8')).toContain('CREATE TABLE "drift_probe"');
      expect(await readFile(join(dir, 'prisma/migrations/migration_lock.toml'), 'utf8')).toBe(
        await readFile(join(ROOT, 'prisma/migrations/migration_lock.toml'), 'utf8'),
      );

      expect(await migrateCli(['check'], { databaseUrl: testServerUrl(), cwd: dir })).toMatchObject({ code: 0 });
      expect(await migrateCli(['create', 'again'], { databaseUrl: testServerUrl(), cwd: dir })).toMatchObject({
        code: 0,
        stdout: 'schema and migrations are in sync; nothing to create\n',
      });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('exits 2 with a usage line on a bad command', async () => {
    const result = await migrateCli(['frobnicate'], { databaseUrl: testServerUrl() });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('usage: migrate.cli deploy | create <name> | check');
  });
});
