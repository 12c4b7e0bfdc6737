import { Client } from 'pg';
import { inUtc, PrismaService } from '../../src/database/prisma.service';
import { GatewayHarness } from '../support/gateway-harness';
import { createSuiteDatabase, type SuiteDatabase } from '../support/suite-database';

/**
 * Times are instants whatever the database server's time zone: Prisma's pg adapter sends a Date as
 * wall-clock text without an offset and reads one back as if in UTC, so every connection of the
 * gateway's pools runs in UTC. Tested on a database whose default time zone is New York's, as a
 * server set up with `initdb` on a machine outside UTC would be.
 */
describe('the database server’s time zone', () => {
  let db: SuiteDatabase;
  let gw: GatewayHarness;

  beforeAll(async () => {
    db = await createSuiteDatabase('time_zone');
    const admin = new Client({ connectionString: db.url });
    await admin.connect();
    const name = (await admin.query<{ name: string }>('SELECT current_database() AS name')).rows[0].name;
    await admin.query(`ALTER DATABASE "${name}" SET timezone = 'America/New_York'`);
    await admin.end();
    gw = await GatewayHarness.start({ DATABASE_URL: db.url });
  });

  afterAll(async () => {
    await gw?.close();
    await db?.drop();
  });

  it('every connection of the gateway runs in UTC, and an instant written through Prisma reads back and compares as the same instant', async () => {
    expect(await gw.prisma.$queryRaw<Array<{ TimeZone: string }>>`SHOW TimeZone`).toEqual([{ TimeZone: 'UTC' }]);
    expect((await gw.prisma.pool.query('SHOW TimeZone')).rows).toEqual([{ TimeZone: 'UTC' }]);

    const reseller = await gw.createReseller();
    const key = (await gw.reseller(reseller.managementKey, 'POST', '/keys', { name: 'k' })).body;
    const at = '2031-03-04T05:06:07.089Z';
    expect((await gw.reseller(reseller.managementKey, 'PATCH', `/keys/${key.id}`, { expires_at: at })).body.expires_at).toBe(at);
    // What SQL compares it with (the expiry sweep's now(), a report's bounds) sees the same instant.
    const raw = new Client({ connectionString: db.url });
    await raw.connect();
    try {
      const { rows } = await raw.query<{ utc: string }>(
        `SELECT to_char(expires_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS utc FROM api_keys WHERE id = $1`,
        [key.id],
      );
      expect(rows).toEqual([{ utc: at }]);
    } finally {
      await raw.end();
    }
  });

  it('a URL with options of its own keeps them, and the session stays in UTC', async () => {
    const url = new URL(db.url);
    url.searchParams.set('options', '-c statement_timeout=60000');
    const prisma = new PrismaService(url.toString());
    try {
      expect((await prisma.pool.query('SHOW TimeZone')).rows).toEqual([{ TimeZone: 'UTC' }]);
      expect((await prisma.pool.query('SHOW statement_timeout')).rows).toEqual([{ statement_timeout: '1min' }]);
    } finally {
      await prisma.onApplicationShutdown();
    }
  });

  it('a URL’s own options are moved out of it and kept, whatever the URL’s form (a socket host with a password too)', () => {
    expect(inUtc('postgresql://u:p@h/db')).toEqual({ connectionString: 'postgresql://u:p@h/db', options: '-c TimeZone=UTC' });
    expect(inUtc('postgres://u:pw@/db?host=/var/run/postgresql&options=-c%20x%3D1')).toEqual({
      connectionString: 'postgres://u:pw@/db?host=/var/run/postgresql',
      options: '-c x=1 -c TimeZone=UTC',
    });
    expect(inUtc('postgresql://u:p%40ss@[::1]:5432/db?options=endpoint%3Dep-1&sslmode=require')).toEqual({
      connectionString: 'postgresql://u:p%40ss@[::1]:5432/db?sslmode=require',
      options: 'endpoint=ep-1 -c TimeZone=UTC',
    });
  });
});
