import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { createConnection, createServer, Server, Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AuditWriter } from '../../src/audit/audit-writer';
import type { AuditRecordInput } from '../../src/audit/audit.types';
import { PostgresAuditSink } from '../../src/audit/postgres-audit.sink';
import { PrismaService } from '../../src/database/prisma.service';
import { testDatabaseUrl } from '../support/test-env';

/** A TCP proxy in front of the real Postgres that the test can cut and restore. */
class CuttableProxy {
  private server!: Server;
  private readonly sockets = new Set<Socket>();
  private open = true;
  port = 0;

  constructor(private readonly target: { host: string; port: number }) {}

  async start(): Promise<void> {
    this.server = createServer((client) => {
      if (!this.open) return client.destroy();
      const upstream = createConnection(this.target);
      for (const s of [client, upstream]) {
        this.sockets.add(s);
        s.on('close', () => this.sockets.delete(s));
        s.on('error', () => undefined);
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as { port: number }).port;
  }

  /** Postgres "goes down": live connections break, new ones are refused. */
  cut(): void {
    this.open = false;
    for (const s of this.sockets) s.destroy();
  }

  restore(): void {
    this.open = true;
  }

  close(): Promise<void> {
    this.cut();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

function record(tag: string): AuditRecordInput {
  return {
    id: randomUUID(),
    createdAt: new Date(),
    tenantId: null,
    apiKeyId: null,
    endpointId: null,
    method: tag,
    httpStatus: 200,
    errorCode: null,
    latencyMs: 1,
    clientIp: '203.0.113.9',
    upstreamId: null,
    providersTried: 1,
    quantity: 1234n,
    wholesalePicoUsd: 2468n,
    resalePicoUsd: 3702n,
    usageSource: 'reported',
    streamOutcome: null,
  };
}

describe('audit writer against a Postgres that goes away', () => {
  const tag = `T${process.pid % 1_000_000}`.slice(0, 8);
  let proxy: CuttableProxy;
  let viaProxy: PrismaService;
  let direct: PrismaService;

  beforeAll(async () => {
    const url = new URL(testDatabaseUrl());
    proxy = new CuttableProxy({ host: url.hostname, port: Number(url.port || 5432) });
    await proxy.start();
    url.hostname = '127.0.0.1';
    url.port = String(proxy.port);
    viaProxy = new PrismaService(url.toString());
    direct = new PrismaService(testDatabaseUrl());
  });

  afterAll(async () => {
    await direct.auditRecord.deleteMany({ where: { method: tag } });
    await Promise.all([viaProxy.$disconnect(), direct.$disconnect()]);
    await proxy.close();
  });

  it('loses nothing and duplicates nothing across an outage, even past the memory bound', async () => {
    const writer = new AuditWriter(new PostgresAuditSink(viaProxy.pool), {
      batchSize: 200,
      flushIntervalMs: 60_000,
      bufferMax: 500,
      spillDir: mkdtempSync(join(tmpdir(), 'audit-outage-')),
      logger: { info: () => undefined, warn: () => undefined, error: () => undefined },
    });
    const sent: AuditRecordInput[] = [];
    const enqueue = (n: number) => {
      for (let i = 0; i < n; i++) {
        const r = record(tag);
        sent.push(r);
        writer.enqueue(r);
      }
    };

    enqueue(1000);
    await writer.flush();
    proxy.cut();
    enqueue(1500); // 500 stay in memory, 1000 spill to disk
    await writer.flush();
    expect(writer.stats().failedFlushes).toBeGreaterThan(0);
    expect(writer.stats().spilled).toBe(1000);

    proxy.restore();
    await writer.drain(20_000);
    const rows = await direct.auditRecord.findMany({ where: { method: tag }, select: { id: true, resalePicoUsd: true, clientIp: true } });
    expect(rows).toHaveLength(2500);
    expect(new Set(rows.map((r) => r.id))).toEqual(new Set(sent.map((r) => r.id)));
    expect(rows.every((r) => r.resalePicoUsd === 3702n && r.clientIp === '203.0.113.9')).toBe(true);
  }, 60_000);
});
