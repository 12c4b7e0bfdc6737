import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Client } from 'pg';
import { dropDatabase, ensureDatabase, readMigrations } from '../../src/database/migrator';

/**
 * The migrator loads Prisma's schema engine (ESM + WebAssembly), which jest's module sandbox cannot
 * import, so these tests drive it the way developers do: through the migrate CLI, in a child process.
 */
const ROOT = join(__dirname, '..', '..');
const run = promisify(execFile);

function migrateCli(databaseUrl: string, ...args: string[]) {
  return run(process.execPath, ['-r', join(ROOT, 'test/support/ts-register.js'), join(ROOT, 'src/database/migrate.cli.ts'), ...args], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: databaseUrl },
  });
}

describe('migrations', () => {
  const server = () => process.env.TEST_SERVER_URL!;

  it('prisma/schema.prisma and prisma/migrations/ are in sync (the check finds no difference)', async () => {
    const { stdout } = await migrateCli(server(), 'check');
    expect(stdout).toContain('schema and migrations are in sync');
  }, 60_000);

  it('apply on an empty database, are recorded in _prisma_migrations, and are idempotent', async () => {
    const name = `migrations_check_${process.pid}`;
    const url = await ensureDatabase(server(), name, { dropFirst: true });
    try {
      const { migrationDirectories } = await readMigrations(join(ROOT, 'prisma/migrations'));
      const names = migrationDirectories.map((d) => d.path);
      expect((await migrateCli(url, 'deploy')).stdout).toBe(`applied: ${names.join(', ')}\n`);
      expect((await migrateCli(url, 'deploy')).stdout).toBe('no pending migrations\n');
      const db = new Client({ connectionString: url });
      await db.connect();
      const { rows } = await db.query('SELECT migration_name, finished_at FROM _prisma_migrations ORDER BY migration_name');
      await db.end();
      expect(rows.map((r) => r.migration_name)).toEqual(names);
      expect(rows.every((r) => r.finished_at !== null)).toBe(true);
    } finally {
      await dropDatabase(server(), name);
    }
  }, 60_000);

  it('the check fails, printing the missing SQL, when the schema changed without a migration', async () => {
    const { mkdtemp, cp, appendFile } = await import('node:fs/promises');
    const dir = await mkdtemp(join(require('node:os').tmpdir(), 'schema-drift-'));
    await cp(join(ROOT, 'prisma'), join(dir, 'prisma'), { recursive: true });
    await appendFile(join(dir, 'prisma/schema.prisma'), '\nmodel DriftProbe {\n  id Int @id\n  @@map("drift_probe")\n}\n');
    const result = await run(process.execPath, ['-r', join(ROOT, 'test/support/ts-register.js'), join(ROOT, 'src/database/migrate.cli.ts'), 'check'], {
      cwd: dir,
      env: { ...process.env, DATABASE_URL: server() },
    }).then(
      () => ({ code: 0, stdout: '' }),
      (err: { code: number; stdout: string }) => err,
    );
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('CREATE TABLE "drift_probe"');
  }, 60_000);
});
