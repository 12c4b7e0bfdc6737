import type { NestExpressApplication } from '@nestjs/platform-express';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AuditWriterService } from '../../src/audit/audit-writer.service';
import { createApp, shutdownGracefully } from '../../src/app/create-app';
import { CatalogRepository } from '../../src/catalog/catalog.repository';
import { CatalogService, storedEndpoint, storedModels } from '../../src/catalog/catalog.service';
import type { EndpointDefinition, ModelDefinition } from '../../src/catalog/endpoint';
import { defineUpstream, type UpstreamDefinition } from '../../src/catalog/upstream';
import { AppConfig, loadConfig } from '../../src/config/app-config';
import { PrismaService } from '../../src/database/prisma.service';
import { ChildGateway, type ChildProgram, startChildGateway } from './child-gateway';
import { testDatabaseUrl, testRedisUrl } from './test-env';

export interface CallOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  key?: string | null;
  body?: unknown;
  rawBody?: string;
  headers?: Record<string, string>;
  query?: Record<string, string>;
}

/** An upstream of a test endpoint: an http upstream with a 2 s timeout unless it says otherwise. */
export type UpstreamSpec = Partial<UpstreamDefinition>;

/** A test endpoint: an `infra` endpoint billed per call at $0.001 / $0.0015 unless it says otherwise. */
export type EndpointSpec = Partial<Omit<EndpointDefinition, 'slug'>> & { upstreams: UpstreamSpec[]; models?: ModelDefinition[] };

/** A whole gateway on 127.0.0.1:<random port> against the real test Postgres and Redis. */
export class GatewayHarness {
  readonly prisma: PrismaService;

  private constructor(
    readonly app: NestExpressApplication,
    readonly url: string,
    readonly config: AppConfig,
    readonly adminToken: string,
  ) {
    this.prisma = app.get(PrismaService);
  }

  /** `env` overrides the test defaults (a fresh Redis key prefix, so suites never share limits). */
  static async start(env: Record<string, string> = {}): Promise<GatewayHarness> {
    const config = loadConfig({
      DATABASE_URL: testDatabaseUrl(),
      REDIS_URL: testRedisUrl(),
      REDIS_KEY_PREFIX: `test:${randomUUID()}:`,
      DATA_DIR: mkdtempSync(join(tmpdir(), 'gateway-test-')),
      // TEST_LOG_LEVEL=error shows what a failing test's gateway logged (unexpected errors with their request ids).
      LOG_LEVEL: process.env.TEST_LOG_LEVEL || 'fatal',
      AUDIT_FLUSH_INTERVAL_MS: '50',
      // Suites share one database: only the webhook suites run job workers (each on its own queues).
      JOB_WORKER: 'false',
      // Closing a month closes it for every tenant of the database: no suite runs the statements job
      // on the clock; test/statements drives the closer with times of its own.
      STATEMENT_JOB_INTERVAL_MS: '0',
      ...env,
    });
    const adminToken = `adm_${randomBytes(24).toString('base64url')}`;
    const app = await createApp({ config, databaseUrl: config.DATABASE_URL!, adminToken });
    await app.listen(0, '127.0.0.1');
    const { port } = app.getHttpServer().address() as AddressInfo;
    return new GatewayHarness(app, `http://127.0.0.1:${port}`, config, adminToken);
  }

  /**
   * Another gateway, in its own OS process, sharing this one's Postgres, Redis (key prefix), admin
   * token and data directory: for what must hold across processes. `env` adds or overrides settings.
   */
  startSecondProcess(env: Record<string, string> = {}, program?: ChildProgram): Promise<ChildGateway> {
    return startChildGateway(
      {
        DATABASE_URL: this.config.DATABASE_URL!,
        // One Redis or the cluster this one uses (the child inherits the test run's REDIS_URL otherwise).
        ...(this.config.REDIS_CLUSTER_NODES
          ? { REDIS_URL: '', REDIS_CLUSTER_NODES: this.config.REDIS_CLUSTER_NODES }
          : { REDIS_URL: this.config.REDIS_URL! }),
        REDIS_KEY_PREFIX: this.config.REDIS_KEY_PREFIX,
        ADMIN_TOKEN: this.adminToken,
        DATA_DIR: this.config.DATA_DIR,
        JOB_WORKER: String(this.config.JOB_WORKER),
        JOB_QUEUE_PREFIX: this.config.JOB_QUEUE_PREFIX,
        STATEMENT_JOB_INTERVAL_MS: String(this.config.STATEMENT_JOB_INTERVAL_MS),
        ...env,
      },
      program,
    );
  }

  /** A call to the public endpoint. */
  call(slug: string, options: CallOptions = {}): Promise<Response> {
    const method = options.method ?? 'POST';
    const headers: Record<string, string> = { ...options.headers };
    if (options.key) headers.authorization = `Bearer ${options.key}`;
    let body: string | undefined = options.rawBody;
    if (body === undefined && options.body !== undefined) {
      body = JSON.stringify(options.body);
      headers['content-type'] ??= 'application/json';
    }
    const qs = options.query ? `?${new URLSearchParams(options.query).toString()}` : '';
    return fetch(`${this.url}/api/public/v1/${slug}${qs}`, { method, headers, body });
  }

  /**
   * A call to the operator API; returns status and parsed JSON. `T` defaults to `any` on purpose: the
   * e2e specs assert the wire format with expect() (see the test override in eslint.config.mjs); code
   * in test/support names the shape it reads.
   */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the specs' deliberately untyped bodies (see above)
  async admin<T = any>(method: string, path: string, body?: unknown): Promise<{ status: number; body: T }> {
    const res = await fetch(`${this.url}/api/admin/v1${path}`, {
      method,
      headers: { authorization: `Bearer ${this.adminToken}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, body: (text ? JSON.parse(text) : undefined) as T };
  }

  /** A call to the reseller API with a management key; returns status and parsed JSON (empty for a 204). */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON bodies are asserted by the specs, as in admin()
  async reseller<T = any>(managementKey: string, method: string, path: string, body?: unknown): Promise<{ status: number; body: T }> {
    const res = await fetch(`${this.url}/api/reseller/v1${path}`, {
      method,
      headers: { authorization: `Bearer ${managementKey}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, body: (text ? JSON.parse(text) : undefined) as T };
  }

  /** A reseller tenant and a management key for it, through the operator API. */
  async createReseller(name = `reseller ${randomUUID()}`): Promise<{ tenantId: string; managementKey: string }> {
    const tenant = await this.admin<{ id: string }>('POST', '/tenants', { name, kind: 'reseller' });
    if (tenant.status !== 201) throw new Error(`tenant creation failed: ${JSON.stringify(tenant.body)}`);
    const key = await this.admin<{ key: string }>('POST', `/tenants/${tenant.body.id}/management-keys`, { name: 'test' });
    if (key.status !== 201) throw new Error(`management key creation failed: ${JSON.stringify(key.body)}`);
    return { tenantId: tenant.body.id, managementKey: key.body.key };
  }

  /** A tenant and one key for it, through the operator API. */
  async createTenantWithKey(
    options: { tenantRateLimit?: number; keyRateLimit?: number; expiresAt?: string } = {},
  ): Promise<{ tenantId: string; keyId: string; key: string }> {
    const tenant = await this.admin<{ id: string }>('POST', '/tenants', {
      name: `tenant ${randomUUID()}`,
      rate_limit_per_window: options.tenantRateLimit,
    });
    if (tenant.status !== 201) throw new Error(`tenant creation failed: ${JSON.stringify(tenant.body)}`);
    const key = await this.admin<{ id: string; key: string }>('POST', `/tenants/${tenant.body.id}/keys`, {
      name: 'test key',
      rate_limit_per_window: options.keyRateLimit,
      expires_at: options.expiresAt,
    });
    if (key.status !== 201) throw new Error(`key creation failed: ${JSON.stringify(key.body)}`);
    return { tenantId: tenant.body.id, keyId: key.body.id, key: key.body.key };
  }

  /** A catalog endpoint of this test's own (unique slug), so suites never change each other's catalog. */
  async createEndpoint(spec: EndpointSpec): Promise<{ slug: string; id: string; upstreamIds: string[] }> {
    const { upstreams, models = [], ...fields } = spec;
    const category = fields.category ?? 'infra';
    const definition = {
      slug: `${category}.t_${randomBytes(6).toString('hex')}`,
      category,
      billingUnit: 'call',
      description: '',
      ...(fields.prices ? {} : { wholesalePicoUsdPerUnit: 1_000_000_000n, resalePicoUsdPerUnit: 1_500_000_000n }),
      maxQuantityPerCall: null,
      maxOutputTokens: null,
      defaultRateLimit: 1000,
      declaredLatencyMs: 50,
      streamable: false,
      ...fields,
    } as EndpointDefinition;
    const row = await this.app.get(CatalogRepository).create(
      storedEndpoint(definition),
      upstreams.map((u, position) => defineUpstream({ name: `upstream-${position}`, kind: 'http', timeoutMs: 2000, ...u })),
      storedModels(definition.billingUnit, models),
    );
    await this.app.get(CatalogService).reload();
    return { slug: row.slug, id: row.id, upstreamIds: row.upstreams.map((u) => u.id) };
  }

  /** Writes every queued audit record now. */
  /**
   * Writes every audit record the gateway holds, and returns once none is held. One flush makes one
   * attempt per batch and keeps what fails (a batch can fail while another suite's gateway boots and
   * reorganises the audit partitions of the shared test database): this repeats it, after the
   * writer's own backoff, until the records are in Postgres, and throws if they are not in time.
   */
  async flushAudit(timeoutMs = 10_000): Promise<void> {
    const writer = this.app.get(AuditWriterService);
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      await writer.flush();
      const stats = writer.stats();
      if (stats.buffered === 0 && stats.spillFailedRecords === 0) return;
      if (Date.now() > deadline) throw new Error(`audit records still held after ${timeoutMs} ms: ${JSON.stringify(stats)}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  /**
   * The audit record of a request. Records are queued when the response closes (for a client that
   * left mid-call, once the call stopped), so this flushes and looks again until it is there.
   */
  async auditRecord(requestId: string, timeoutMs = 5000) {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      await this.flushAudit();
      const record = await this.prisma.auditRecord.findFirst({ where: { id: requestId } });
      if (record || Date.now() > deadline) return record;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  close(graceMs = 2000): Promise<void> {
    return shutdownGracefully(this.app, graceMs);
  }
}
