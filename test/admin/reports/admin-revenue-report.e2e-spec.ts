import { randomUUID } from 'node:crypto';
import type { AuditRecord } from '../../../src/audit/audit-record';
import { PostgresAuditSink } from '../../../src/audit/postgres-audit.sink';
import { picoUsdToDecimalString as usd, usdToPicoUsd } from '../../../src/common/money/money';
import { encodeKeyCursor } from '../../../src/common/pagination/cursor';
import { callsOf, sumsOf } from '../../support/audit-fixtures';
import { insertLikeTheWriter } from '../../support/audit-insert';
import { GatewayHarness } from '../../support/gateway-harness';

/**
 * The operator's revenue report by tenant is paged by tenant id (the calls without a tenant first),
 * each page with the exact totals of the whole period; by slug and by day it comes whole. Each test
 * writes its records straight to the audit sink on a UTC day of 2002 that no other test writes, so
 * the report across every tenant holds exactly its records.
 */
describe('operator revenue report', () => {
  let gw: GatewayHarness;

  beforeAll(async () => {
    gw = await GatewayHarness.start();
  });

  afterAll(async () => {
    await gw.close();
  });

  const write = (records: AuditRecord[]) => insertLikeTheWriter(new PostgresAuditSink(gw.prisma.pool), records);
  const byId = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

  /** The report's row of some records, every amount and both margins. */
  const rowOf = (key: string | null, records: AuditRecord[]) => {
    const t = sumsOf(records);
    return {
      key,
      calls: t.calls,
      errors: t.errors,
      quantity: t.quantity,
      wholesale_usd: usd(BigInt(t.wholesale)),
      resale_usd: usd(BigInt(t.resale)),
      customer_price_usd: usd(BigInt(t.customer)),
      operator_margin_usd: usd(BigInt(t.resale) - BigInt(t.wholesale)),
      reseller_margin_usd: usd(BigInt(t.customer) - BigInt(t.resale)),
    };
  };
  type Row = ReturnType<typeof rowOf>;
  type ReportPage = { data: Row[]; totals: Row; next_cursor: string | null };
  const fields = (r: Row): Row => ({
    key: r.key,
    calls: r.calls,
    errors: r.errors,
    quantity: r.quantity,
    wholesale_usd: r.wholesale_usd,
    resale_usd: r.resale_usd,
    customer_price_usd: r.customer_price_usd,
    operator_margin_usd: r.operator_margin_usd,
    reseller_margin_usd: r.reseller_margin_usd,
  });

  /** Every page, following next_cursor; `between()` runs after each page but the last. */
  async function allPages(path: string, between?: () => Promise<void>): Promise<ReportPage[]> {
    const pages: ReportPage[] = [];
    let cursor: string | null = null;
    do {
      const res: { status: number; body: ReportPage } = await gw.admin<ReportPage>('GET', cursor ? `${path}&cursor=${cursor}` : path);
      expect(res.status).toBe(200);
      pages.push(res.body);
      cursor = res.body.next_cursor;
      if (cursor && between) await between();
    } while (cursor);
    return pages;
  }

  it('pages by tenant id, the calls without a tenant first, each tenant once, every page with the exact totals of the period', async () => {
    const day = new Date(Date.UTC(2002, 4, 6, 10));
    const tenants = Array.from({ length: 7 }, () => randomUUID());
    const endpoints = [randomUUID(), randomUUID()];
    const calls = new Map<string | null, AuditRecord[]>(
      [null, ...tenants].map((tenantId, t) => [
        tenantId,
        [
          ...callsOf(
            { tenantId, customerId: tenantId && randomUUID(), endpointId: endpoints[0] },
            new Date(day.getTime() + t * 1000),
            1 + (t % 3),
          ),
          ...callsOf({ tenantId, endpointId: endpoints[1] }, new Date(day.getTime() + t * 1000 + 500), 2),
        ],
      ]),
    );
    await write([...calls.values()].flat());
    const period = 'from=2002-05-06T00:00:00Z&to=2002-05-07T00:00:00Z';

    const pages = await allPages(`/reports/revenue?group_by=tenant&${period}&limit=3`);
    expect(pages.map((p) => p.data.length)).toEqual([3, 3, 2]);
    const rows = pages.flatMap((p) => p.data);
    expect(rows.map((r) => r.key)).toEqual([null, ...[...tenants].sort(byId)]);
    for (const row of rows) expect(fields(row)).toEqual(rowOf(row.key, calls.get(row.key)!));
    const all = rowOf(null, [...calls.values()].flat());
    for (const page of pages) expect(fields(page.totals)).toEqual(all);
    for (const field of ['wholesale_usd', 'resale_usd', 'customer_price_usd', 'operator_margin_usd'] as const)
      expect(rows.reduce((t, r) => t + usdToPicoUsd(r[field]), 0n)).toBe(usdToPicoUsd(all[field]));

    // A cursor starts after its tenant, wherever it came from.
    const middle = [...tenants].sort(byId)[3];
    const after = (await gw.admin<ReportPage>('GET', `/reports/revenue?group_by=tenant&${period}&cursor=${encodeKeyCursor(middle)}`)).body;
    expect(after.data.map((r) => r.key)).toEqual([...tenants].sort(byId).slice(4));
    expect(after.next_cursor).toBeNull();

    // By slug and by day: whole, the totals the same.
    for (const group of ['slug', 'day']) {
      const whole = (await gw.admin<ReportPage>('GET', `/reports/revenue?group_by=${group}&${period}`)).body;
      expect(whole.next_cursor).toBeNull();
      expect(fields(whole.totals)).toEqual(all);
    }
    const bySlug = (await gw.admin<ReportPage>('GET', `/reports/revenue?group_by=slug&${period}`)).body;
    expect(bySlug.data.map((r) => r.key).sort()).toEqual([...endpoints].sort());
  });

  it('stays consistent while calls land between pages: no tenant twice, none that had calls before paging missed', async () => {
    const day = new Date(Date.UTC(2002, 4, 7, 10));
    const tenants = Array.from({ length: 10 }, () => randomUUID());
    const written = tenants.flatMap((tenantId, t) => callsOf({ tenantId }, new Date(day.getTime() + t * 1000), 2));
    await write(written);
    let at = day.getTime() + 60_000;
    const pages = await allPages(`/reports/revenue?group_by=tenant&from=2002-05-07T00:00:00Z&to=2002-05-08T00:00:00Z&limit=3`, async () => {
      // More calls of a tenant already paged and of one still to come, of two new tenants (before or
      // after the cursor, at random) and one call without a tenant (always before it).
      const more = [tenants[0], tenants[9], randomUUID(), randomUUID(), null].flatMap((tenantId) =>
        callsOf({ tenantId }, new Date((at += 1000)), 2),
      );
      written.push(...more);
      await write(more);
    });
    const keys = pages.flatMap((p) => p.data.map((r) => r.key as string));
    expect(keys).toEqual([...new Set(keys)].sort(byId));
    expect(keys).toEqual(expect.arrayContaining(tenants));
    expect(fields(pages[pages.length - 1].totals)).toEqual(rowOf(null, written));
  });

  it('refuses limit and cursor on the whole reports, a cursor it did not write and a page size out of bounds', async () => {
    const status = async (query: string) => (await gw.admin('GET', `/reports/revenue?${query}`)).status;
    expect(await status('group_by=slug&limit=10')).toBe(400);
    expect(await status(`group_by=day&cursor=${encodeKeyCursor(randomUUID())}`)).toBe(400);
    expect(await status('group_by=tenant&cursor=not-a-cursor')).toBe(400);
    expect(await status('group_by=tenant&limit=0')).toBe(400);
    expect(await status('group_by=tenant&limit=501')).toBe(400);
    expect(await status('group_by=tenant&limit=500')).toBe(200);
  });
});
