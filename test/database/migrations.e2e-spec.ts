import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { appendFile, cp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { dropDatabase, ensureDatabase } from '../../src/database/migrations/migrator';
import { testServerUrl } from '../support/test-env';

/**
 * The migrator loads Prisma's schema engine (ESM + WebAssembly), which jest's module sandbox
 * cannot import, so these tests drive it as developers and CI do: through the migrate CLI
 * (src/database/migrations/migrate.cli.ts, run from source), in a child process.
 */
const ROOT = join(__dirname, '..', '..');

function migrateCli(
  args: string[],
  options: { databaseUrl: string; cwd?: string },
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['-r', join(ROOT, 'test/support/ts-register.js'), join(ROOT, 'src/database/migrations/migrate.cli.ts'), ...args],
      { cwd: options.cwd ?? ROOT, env: { ...process.env, DATABASE_URL: options.databaseUrl } },
      (err, stdout, stderr) => resolve({ code: err ? Number(err.code) : 0, stdout, stderr }),
    );
  });
}

async function committedMigrations(): Promise<string[]> {
  const entries = await readdir(join(ROOT, 'prisma/migrations'), { withFileTypes: true });
  return entries
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort();
}

/** A copy of prisma/ in a temp directory, to change without touching the repository. */
async function prismaCopy(): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'migrations-spec-'));
  await cp(join(ROOT, 'prisma'), join(dir, 'prisma'), { recursive: true });
  return dir;
}

/**
 * A database of the release before the migration named `…<suffix>`: migrated up to the one before
 * it (from a copy of prisma/ without the later ones). `test` fills it through `db`, then
 * `upgrade()` applies the rest as a deploy of the next release would.
 */
async function beforeMigration(
  suffix: string,
  databaseName: string,
  test: (db: Client, upgrade: () => Promise<void>) => Promise<void>,
): Promise<void> {
  const dir = await prismaCopy();
  const url = await ensureDatabase(testServerUrl(), databaseName, { dropFirst: true });
  try {
    const names = await committedMigrations();
    const first = names.findIndex((n) => n.endsWith(suffix));
    expect(first).toBeGreaterThan(0);
    for (const later of names.slice(first)) await rm(join(dir, 'prisma/migrations', later), { recursive: true });
    expect(await migrateCli(['deploy'], { databaseUrl: url, cwd: dir })).toMatchObject({
      code: 0,
      stdout: `applied: ${names.slice(0, first).join(', ')}\n`,
    });

    const db = new Client({ connectionString: url });
    await db.connect();
    try {
      await test(db, async () => {
        await cp(join(ROOT, 'prisma/migrations'), join(dir, 'prisma/migrations'), { recursive: true });
        expect(await migrateCli(['deploy'], { databaseUrl: url, cwd: dir })).toMatchObject({
          code: 0,
          stdout: `applied: ${names.slice(first).join(', ')}\n`,
        });
      });
    } finally {
      await db.end();
    }
  } finally {
    await dropDatabase(testServerUrl(), databaseName);
    await rm(dir, { recursive: true, force: true });
  }
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
        expect(init).toMatchObject({
          checksum: createHash('sha256').update(sql).digest('hex'),
          rolled_back_at: null,
          applied_steps_count: 1,
        });
        expect(init.finished_at).toBeInstanceOf(Date);
        const tables = await db.query(
          "SELECT count(*)::int AS n FROM information_schema.tables WHERE table_schema = 'public' AND table_name = 'catalog_endpoints'",
        );
        expect(tables.rows[0].n).toBe(1);
      } finally {
        await db.end();
      }
    } finally {
      await dropDatabase(testServerUrl(), name);
    }
  });

  it('the pico-USD migration renames the money columns and multiplies existing values by 1,000,000', async () => {
    await beforeMigration('_money_pico_usd_models', `migrations_money_${process.pid}`, async (db, upgrade) => {
      await db.query(
        `INSERT INTO catalog_endpoints (id, slug, category, billing_unit, wholesale_micro_usd_per_unit, resale_micro_usd_per_unit, default_rate_limit, declared_latency_ms, updated_at)
           VALUES ('00000000-0000-4000-8000-000000000001', 'text.embed', 'text', 'tokens_1k', 100, 150, 10, 10, now()),
                  ('00000000-0000-4000-8000-000000000002', 'id.kyc', 'id', 'verification', 600000, 1000000, 10, 10, now())`,
      );
      await db.query(
        `INSERT INTO audit_records (id, created_at, method, http_status, latency_ms, quantity, wholesale_micro_usd, resale_micro_usd)
           VALUES ('00000000-0000-4000-8000-0000000000a1', now(), 'POST', 200, 1, 41, 82, 123),
                  ('00000000-0000-4000-8000-0000000000a2', now(), 'POST', 200, 1, 1, 9000000000000, 9223372036854),
                  ('00000000-0000-4000-8000-0000000000a3', now(), 'GET', 429, 1, 0, 0, 0)`,
      );

      await upgrade();

      // The prices have moved on since, to one meter each (20261127213000_meter_prices).
      const endpoints = await db.query(
        `SELECT e.slug, p.meter::text, p.wholesale_pico_usd_per_unit::text AS w, p.resale_pico_usd_per_unit::text AS r, e.max_quantity_per_call
           FROM catalog_endpoints e JOIN meter_prices p ON p.endpoint_id = e.id AND p.model_id IS NULL ORDER BY slug`,
      );
      expect(endpoints.rows).toEqual([
        { slug: 'id.kyc', meter: 'verifications', w: '600000000000', r: '1000000000000', max_quantity_per_call: null },
        { slug: 'text.embed', meter: 'tokens', w: '100000000', r: '150000000', max_quantity_per_call: null },
      ]);
      const audit = await db.query(
        'SELECT id, quantity::text AS q, wholesale_pico_usd::text AS w, resale_pico_usd::text AS r, usage_source FROM audit_records ORDER BY id',
      );
      expect(audit.rows).toEqual([
        { id: '00000000-0000-4000-8000-0000000000a1', q: '41', w: '82000000', r: '123000000', usage_source: null },
        { id: '00000000-0000-4000-8000-0000000000a2', q: '1', w: '9000000000000000000', r: '9223372036854000000', usage_source: null },
        { id: '00000000-0000-4000-8000-0000000000a3', q: '0', w: '0', r: '0', usage_source: null },
      ]);
      const micro = await db.query(
        "SELECT count(*)::int AS n FROM information_schema.columns WHERE table_schema = 'public' AND column_name LIKE '%micro%'",
      );
      expect(micro.rows[0].n).toBe(0);
    });
  }, 90_000); // two CLI runs, each a TypeScript child process: slow on a loaded machine

  it('the meter migration moves every price, model price and tenant price to its slug unit’s one meter, and the daily usage to meter rows', async () => {
    const tenant = '00000000-0000-4000-8000-00000000000a';
    const customer = '00000000-0000-4000-8000-00000000000c';
    const text = '00000000-0000-4000-8000-000000000001';
    const voice = '00000000-0000-4000-8000-000000000002';
    await beforeMigration('_meter_prices', `migrations_meters_${process.pid}`, async (db, upgrade) => {
      await db.query(
        `INSERT INTO catalog_endpoints (id, slug, category, billing_unit, wholesale_pico_usd_per_unit, resale_pico_usd_per_unit, default_rate_limit, declared_latency_ms, updated_at)
           VALUES ('${text}', 'text.generate', 'text', 'tokens_1k', 2000000000, 3000000000, 10, 10, now()),
                  ('${voice}', 'voice.stt', 'voice', 'minute', 6000000000, 10000000000, 10, 10, now())`,
      );
      await db.query(
        `INSERT INTO endpoint_models (id, endpoint_id, name, position, wholesale_pico_usd_per_unit, resale_pico_usd_per_unit)
           VALUES ('00000000-0000-4000-8000-0000000000e1', '${text}', 'large', 0, 20000000000, 30000000000)`,
      );
      await db.query(`INSERT INTO tenants (id, name, updated_at) VALUES ('${tenant}', 't', now())`);
      await db.query(`INSERT INTO customers (id, tenant_id, name, updated_at) VALUES ('${customer}', '${tenant}', 'c', now())`);
      await db.query(
        `INSERT INTO price_overrides (id, tenant_id, customer_id, slug, price_pico_usd_per_unit, updated_at)
           VALUES (gen_random_uuid(), '${tenant}', NULL, 'text.generate', 4000000000, now()),
                  (gen_random_uuid(), '${tenant}', '${customer}', 'voice.stt', 12000000000, now()),
                  (gen_random_uuid(), '${tenant}', NULL, 'data.gone', 1, now())`,
      );
      await db.query(
        `INSERT INTO usage_daily (day, tenant_id, customer_id, api_key_id, endpoint_id, calls, errors, quantity, wholesale_pico_usd, resale_pico_usd, customer_price_pico_usd)
           VALUES ('2026-11-01', '${tenant}', '${customer}', gen_random_uuid(), '${text}', 2, 0, 1500, 3000000000, 4500000000, 6000000000),
                  ('2026-11-01', '${tenant}', '${customer}', gen_random_uuid(), '${text}', 1, 0, 500, 1000000000, 1500000000, 2000000000),
                  ('2026-11-01', '${tenant}', '${customer}', gen_random_uuid(), '${voice}', 1, 1, 0, 0, 0, 0)`,
      );
      // A month closed before meter lines were kept.
      await db.query(`INSERT INTO statement_months (month, closed_at) VALUES ('2026-10-01', now())`);

      await upgrade();

      const prices = await db.query(
        `SELECT e.slug, m.name AS model, p.meter::text, p.wholesale_pico_usd_per_unit::text AS w, p.resale_pico_usd_per_unit::text AS r
           FROM meter_prices p JOIN catalog_endpoints e ON e.id = p.endpoint_id LEFT JOIN endpoint_models m ON m.id = p.model_id
           ORDER BY e.slug, m.name NULLS FIRST`,
      );
      expect(prices.rows).toEqual([
        { slug: 'text.generate', model: null, meter: 'tokens', w: '2000000000', r: '3000000000' },
        { slug: 'text.generate', model: 'large', meter: 'tokens', w: '20000000000', r: '30000000000' },
        { slug: 'voice.stt', model: null, meter: 'minutes', w: '6000000000', r: '10000000000' },
      ]);
      // A tenant's prices keep their amounts on the slug unit's meter; one for a slug not in the catalog bills nothing and goes.
      const overrides = await db.query(
        'SELECT slug, customer_id, meter::text, price_pico_usd_per_unit::text AS price FROM price_overrides ORDER BY slug',
      );
      expect(overrides.rows).toEqual([
        { slug: 'text.generate', customer_id: null, meter: 'tokens', price: '4000000000' },
        { slug: 'voice.stt', customer_id: customer, meter: 'minutes', price: '12000000000' },
      ]);
      // The daily usage so far, per meter: the slug's rows summed; a day that billed nothing has no meter row.
      const byMeter = await db.query(
        `SELECT endpoint_id, meter::text, quantity::text AS q, wholesale_pico_usd::text AS w, resale_pico_usd::text AS r, customer_price_pico_usd::text AS c
           FROM usage_daily_by_meter ORDER BY endpoint_id`,
      );
      expect(byMeter.rows).toEqual([{ endpoint_id: text, meter: 'tokens', q: '2000', w: '4000000000', r: '6000000000', c: '8000000000' }]);
      // Every tenant's meter rows per day and endpoint, for the operator's report by slug.
      const byEndpointMeter = await db.query(
        `SELECT day::text, endpoint_id, meter::text, quantity::text AS q, customer_price_pico_usd::text AS c FROM usage_daily_by_endpoint_meter`,
      );
      expect(byEndpointMeter.rows).toEqual([{ day: '2026-11-01', endpoint_id: text, meter: 'tokens', q: '2000', c: '8000000000' }]);
      // A month closed before has no meter lines, and says so.
      const closed = await db.query('SELECT month::text, has_meter_lines FROM statement_months');
      expect(closed.rows).toEqual([{ month: '2026-10-01', has_meter_lines: false }]);
      const old = await db.query(
        "SELECT count(*)::int AS n FROM information_schema.columns WHERE table_name IN ('catalog_endpoints', 'endpoint_models') AND column_name LIKE '%per_unit'",
      );
      expect(old.rows[0].n).toBe(0);
    });
  }, 90_000); // two CLI runs, each a TypeScript child process: slow on a loaded machine

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
  }, 90_000); // four CLI runs (each a TypeScript child process, two applying every migration to a shadow database)

  it('exits 2 with a usage line on a bad command', async () => {
    const result = await migrateCli(['frobnicate'], { databaseUrl: testServerUrl() });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('usage: migrate.cli deploy | create <name> | check');
  });
});
