import { DEFAULT_METER } from '../../src/catalog/meters';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AuditWriter } from '../../src/audit/audit-writer';
import { PostgresAuditSink } from '../../src/audit/postgres-audit.sink';
import { BILLING_UNITS } from '../../src/catalog/billing-units';
import { BillingService } from '../../src/billing/billing.service';
import { picoUsdToUsdNumber, usdToPicoUsd } from '../../src/common/money/money';
import type { CatalogEntry, Pricing } from '../../src/catalog/catalog-entry';
import { CatalogService } from '../../src/catalog/catalog.service';
import { auditRecord } from '../support/audit-fixtures';
import { GatewayHarness } from '../support/gateway-harness';
import { sendJson, startUpstream, TestUpstream } from '../support/upstream-server';
import { mulberry32 } from '../../src/proxy/providers/simulator/simulations';

/** Deterministic PRNG, so a failure replays. */
const rng = mulberry32;

/** $0.02 / $0.03 per 1M tokens, in pico-USD per 1k tokens: the cheapest realistic catalog price. */
const EMBED_WHOLESALE = 20_000_000n;
const EMBED_RESALE = 30_000_000n;

describe('money: pico-USD precision, exact sums', () => {
  let gw: GatewayHarness;
  let upstream: TestUpstream;

  beforeAll(async () => {
    gw = await GatewayHarness.start();
    // Reports the quantity the caller asks for (the test decides usage per call).
    upstream = await startUpstream((req, res) => {
      const body = JSON.parse(req.body) as { q?: number };
      sendJson(res, 200, { ok: true, usage: { quantity: body.q } });
    });
  });

  afterAll(async () => {
    await gw.close();
    await upstream.close();
  });

  it('a 3-token text.embed bills a non-zero exact amount (0 in micro-USD before)', async () => {
    const { key } = await gw.createTenantWithKey();
    // The seeded text.embed (built-in simulator: ~4 characters per token): 12 characters = 3 tokens.
    const res = await gw.call('text.embed', { key, body: { input: 'abcdefghijkl' } });
    expect(res.status).toBe(200);
    const body = (await res.json()) as any;
    expect(body.usage).toEqual({
      billing_unit: 'tokens_1k',
      quantity: 3,
      units: 0.003,
      meters: [{ meter: 'tokens', quantity: 3, units: 0.003, billed_usd: 0.00000009 }],
    });
    // 3 tokens × $0.03 per 1M tokens = $0.00000009 exactly.
    expect(body.billed_usd).toBe(0.00000009);
    const record = await gw.auditRecord(body.request_id);
    expect(record).toMatchObject({ quantity: 3n, resalePicoUsd: 90_000n, wholesalePicoUsd: 60_000n, usageSource: 'reported' });
    expect(usdToPicoUsd(body.billed_usd)).toBe(record!.resalePicoUsd);
  });

  it('100,000 mixed charges through the real BillingService, AuditWriter and Postgres sink: SQL SUM = BigInt sum = sum of billed_usd', async () => {
    // Several slugs and prices, one with two models; each charge is computed by the real billing.
    const specs = [
      {
        category: 'text' as const,
        billingUnit: 'tokens_1k' as const,
        wholesalePicoUsdPerUnit: EMBED_WHOLESALE,
        resalePicoUsdPerUnit: EMBED_RESALE,
        max: 5000,
      },
      {
        category: 'text' as const,
        billingUnit: 'tokens_1k' as const,
        wholesalePicoUsdPerUnit: 1_333_333_333n,
        resalePicoUsdPerUnit: 2_777_777_777n,
        max: 200_000,
      },
      {
        category: 'voice' as const,
        billingUnit: 'minute' as const,
        wholesalePicoUsdPerUnit: 6_000_000_007n,
        resalePicoUsdPerUnit: 10_000_000_003n,
        max: 3_600_000,
      },
      {
        category: 'id' as const,
        billingUnit: 'verification' as const,
        wholesalePicoUsdPerUnit: 600_000_000_000n,
        resalePicoUsdPerUnit: 1_000_000_000_000n,
        max: 3,
      },
      {
        category: 'infra' as const,
        billingUnit: 'call' as const,
        wholesalePicoUsdPerUnit: 50_000_001n,
        resalePicoUsdPerUnit: 99_999_999n,
        max: 1,
      },
    ];
    const entries: CatalogEntry[] = [];
    for (const { max: _max, ...spec } of specs) {
      const { slug } = await gw.createEndpoint({ ...spec, upstreams: [{ kind: 'simulator' }] });
      entries.push(gw.app.get(CatalogService).find(slug)!);
    }
    const { slug: modelSlug } = await gw.createEndpoint({
      category: 'text',
      billingUnit: 'tokens_1k',
      upstreams: [{ kind: 'simulator' }],
      models: [
        { name: 'small', wholesalePicoUsdPerUnit: 100_000_001n, resalePicoUsdPerUnit: 150_000_007n },
        { name: 'large', wholesalePicoUsdPerUnit: 10_000_000_019n, resalePicoUsdPerUnit: 15_000_000_023n },
      ],
    });
    const withModels = gw.app.get(CatalogService).find(modelSlug)!;
    const choices: Array<{ entry: CatalogEntry; pricing: Pricing; max: number }> = [
      ...entries.map((entry, i) => ({ entry, pricing: entry.pricing, max: specs[i].max })),
      ...withModels.models.map((pricing) => ({ entry: withModels, pricing, max: 50_000 })),
    ];

    const billing = new BillingService();
    // A caller on no plan discount and without prices of its tenant: it pays the catalog's resale price.
    const CATALOG_PRICES = { customerId: null, resaleDiscountBps: 0n, customerPrices: null };
    const writer = new AuditWriter(new PostgresAuditSink(gw.prisma.pool), {
      batchSize: 1000,
      flushIntervalMs: 60_000,
      bufferMax: 200_000,
      spillDir: mkdtempSync(join(tmpdir(), 'money-spec-')),
      deadLetterFile: join(mkdtempSync(join(tmpdir(), 'money-dead-')), 'dead-letter.ndjson'),
      logger: { info: () => undefined, warn: () => undefined, error: () => undefined },
    });
    // Rows of this test are found by a tenant id of their own (audit rows have no foreign keys).
    const tenantId = randomUUID();
    const random = rng(20261123);
    let resaleSum = 0n;
    let wholesaleSum = 0n;
    let billedUsdSum = 0n;
    const N = 100_000;
    const imprecise: string[] = [];
    for (let i = 0; i < N; i++) {
      const { entry, pricing, max } = choices[Math.floor(random() * choices.length)];
      const quantity = BigInt(1 + Math.floor(random() * max));
      const charge = billing.charge(CATALOG_PRICES, entry, pricing, {
        meters: { [DEFAULT_METER[entry.billingUnit]]: quantity },
        source: 'reported',
      });
      // Never free, and within 0.0025 % of the exact price (one half-up rounding of at least 20,000 pico).
      const perUnit = BILLING_UNITS[entry.billingUnit].perUnit;
      const exactTimesPerUnit = quantity * pricing.meters[0].resalePicoUsdPerUnit;
      const errorTimesPerUnit = charge.resalePicoUsd * perUnit - exactTimesPerUnit;
      if (charge.resalePicoUsd <= 0n || (errorTimesPerUnit < 0n ? -errorTimesPerUnit : errorTimesPerUnit) * 40_000n > exactTimesPerUnit) {
        imprecise.push(`${entry.slug} ${pricing.model ?? ''} q=${quantity} billed=${charge.resalePicoUsd}`);
      }
      resaleSum += charge.resalePicoUsd;
      wholesaleSum += charge.wholesalePicoUsd;
      // What the response's billed_usd carries, through JSON text and back.
      billedUsdSum += usdToPicoUsd(JSON.parse(JSON.stringify({ billed_usd: picoUsdToUsdNumber(charge.resalePicoUsd) })).billed_usd);
      const record = auditRecord({
        tenantId,
        endpointId: entry.id,
        clientIp: '127.0.0.1',
        quantity: charge.quantity,
        wholesalePicoUsd: charge.wholesalePicoUsd,
        resalePicoUsd: charge.resalePicoUsd,
        usageSource: charge.source,
      });
      writer.enqueue(record);
    }
    expect(imprecise).toEqual([]);
    await writer.drain(60_000);
    const [sums] = await gw.prisma.$queryRawUnsafe<Array<{ n: bigint; resale: string; wholesale: string }>>(
      'SELECT count(*) AS n, SUM(resale_pico_usd)::text AS resale, SUM(wholesale_pico_usd)::text AS wholesale FROM audit_records WHERE tenant_id = $1::uuid',
      tenantId,
    );
    expect(Number(sums.n)).toBe(N);
    expect(BigInt(sums.resale)).toBe(resaleSum);
    expect(BigInt(sums.wholesale)).toBe(wholesaleSum);
    expect(billedUsdSum).toBe(resaleSum);
    await gw.prisma.auditRecord.deleteMany({ where: { tenantId } });
  }, 120_000);

  it('an audit spill file written before pico-USD (micro-USD fields, no customer price) is replayed with its amounts converted and the caller paying the resale figure', async () => {
    const spillDir = mkdtempSync(join(tmpdir(), 'money-spill-'));
    const id = randomUUID();
    const tenantId = randomUUID();
    const legacy = {
      id,
      createdAt: new Date().toISOString(),
      tenantId,
      apiKeyId: null,
      endpointId: null,
      method: 'POST',
      httpStatus: 200,
      errorCode: null,
      latencyMs: 2,
      clientIp: '127.0.0.1',
      upstreamId: null,
      providersTried: 1,
      quantity: '41',
      wholesaleMicroUsd: '82',
      resaleMicroUsd: '123',
      streamOutcome: null,
    };
    writeFileSync(join(spillDir, 'audit-spill.ndjson'), `${JSON.stringify(legacy)}\n`);
    const writer = new AuditWriter(new PostgresAuditSink(gw.prisma.pool), {
      batchSize: 10,
      flushIntervalMs: 60_000,
      bufferMax: 100,
      spillDir,
      deadLetterFile: join(spillDir, 'dead-letter.ndjson'),
      logger: { info: () => undefined, warn: () => undefined, error: () => undefined },
    });
    await writer.start();
    await writer.drain(10_000);
    expect(await gw.prisma.auditRecord.findFirst({ where: { id } })).toMatchObject({
      tenantId,
      quantity: 41n,
      wholesalePicoUsd: 82_000_000n,
      resalePicoUsd: 123_000_000n,
      customerPricePicoUsd: 123_000_000n,
      usageSource: null,
    });
  });

  it('300 mixed HTTP calls over several slugs and models: the sum of billed_usd equals the audit sum exactly', async () => {
    const slugs = [
      (
        await gw.createEndpoint({
          category: 'text',
          billingUnit: 'tokens_1k',
          wholesalePicoUsdPerUnit: EMBED_WHOLESALE,
          resalePicoUsdPerUnit: EMBED_RESALE,
          upstreams: [{ baseUrl: upstream.url }],
        })
      ).slug,
      (
        await gw.createEndpoint({
          category: 'voice',
          billingUnit: 'minute',
          wholesalePicoUsdPerUnit: 6_000_000_007n,
          resalePicoUsdPerUnit: 10_000_000_003n,
          upstreams: [{ baseUrl: upstream.url }],
        })
      ).slug,
      (
        await gw.createEndpoint({
          category: 'data',
          billingUnit: 'record',
          wholesalePicoUsdPerUnit: 5_000_000_001n,
          resalePicoUsdPerUnit: 9_000_000_001n,
          upstreams: [{ baseUrl: upstream.url }],
        })
      ).slug,
    ];
    const modelSlug = (
      await gw.createEndpoint({
        category: 'text',
        billingUnit: 'tokens_1k',
        upstreams: [{ baseUrl: upstream.url }],
        models: [
          { name: 'small', wholesalePicoUsdPerUnit: 100_000_001n, resalePicoUsdPerUnit: 150_000_007n },
          { name: 'large', wholesalePicoUsdPerUnit: 10_000_000_019n, resalePicoUsdPerUnit: 15_000_000_023n },
        ],
      })
    ).slug;
    const { key, tenantId } = await gw.createTenantWithKey();
    const random = rng(42);
    let billedSum = 0n;
    const ids: string[] = [];
    for (let i = 0; i < 300; i++) {
      const pick = Math.floor(random() * 5);
      const q = 1 + Math.floor(random() * 100_000);
      const slug = pick < 3 ? slugs[pick] : modelSlug;
      const body = pick === 4 ? { q, model: 'large' } : { q };
      const res = await gw.call(slug, { key, body });
      expect(res.status).toBe(200);
      const json = (await res.json()) as any;
      expect(json.billed_usd).toBeGreaterThan(0);
      billedSum += usdToPicoUsd(json.billed_usd);
      ids.push(json.request_id);
    }
    await gw.flushAudit();
    const sums = await gw.prisma.auditRecord.aggregate({ where: { tenantId }, _sum: { resalePicoUsd: true }, _count: true });
    expect(sums._count).toBe(300);
    expect(sums._sum.resalePicoUsd).toBe(billedSum);
  }, 60_000);
});
