import type { NestExpressApplication } from '@nestjs/platform-express';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AuditWriterService } from '../../src/audit/audit-writer.service';
import { createApp, shutdownGracefully } from '../../src/app/create-app';
import { CatalogService } from '../../src/catalog/catalog.service';
import { AppConfig, loadConfig } from '../../src/config/app-config';
import { PrismaService } from '../../src/database/prisma.service';
import type { BillingUnit, Category, ProviderKind } from '../../src/generated/prisma/enums';
import { testDatabaseUrl, testRedisUrl } from './test-env';

export interface CallOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  key?: string | null;
  body?: unknown;
  rawBody?: string;
  headers?: Record<string, string>;
  query?: Record<string, string>;
}

export interface UpstreamSpec {
  kind?: ProviderKind;
  baseUrl?: string | null;
  path?: string;
  timeoutMs?: number;
  name?: string;
  authHeader?: string;
  authScheme?: string;
  authSecretEnv?: string;
  maxResponseBytes?: number;
  deadlineMs?: number;
  /** Upstream-side model the operator fixes (openai kind). */
  model?: string;
  /** The endpoint model this upstream serves; absent = every model. */
  servesModel?: string;
}

export interface ModelSpec {
  name: string;
  wholesalePicoUsdPerUnit: bigint;
  resalePicoUsdPerUnit: bigint;
}

export interface EndpointSpec {
  category?: Category;
  billingUnit?: BillingUnit;
  /** Pico-USD per billing unit; default $0.001 wholesale, $0.0015 resale. */
  wholesalePicoUsdPerUnit?: bigint;
  resalePicoUsdPerUnit?: bigint;
  maxQuantityPerCall?: bigint;
  defaultRateLimit?: number;
  streamable?: boolean;
  upstreams: UpstreamSpec[];
  models?: ModelSpec[];
}

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
      LOG_LEVEL: 'fatal',
      AUDIT_FLUSH_INTERVAL_MS: '50',
      ...env,
    });
    const adminToken = `adm_${randomBytes(24).toString('base64url')}`;
    const app = await createApp({ config, databaseUrl: config.DATABASE_URL!, adminToken });
    await app.listen(0, '127.0.0.1');
    const { port } = app.getHttpServer().address() as AddressInfo;
    return new GatewayHarness(app, `http://127.0.0.1:${port}`, config, adminToken);
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
    const qs = options.query ? `?${new URLSearchParams(options.query)}` : '';
    return fetch(`${this.url}/api/public/v1/${slug}${qs}`, { method, headers, body });
  }

  /** A call to the operator API; returns status and parsed JSON. */
  async admin<T = any>(method: string, path: string, body?: unknown): Promise<{ status: number; body: T }> {
    const res = await fetch(`${this.url}/api/admin/v1${path}`, {
      method,
      headers: { authorization: `Bearer ${this.adminToken}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: (((await res.json()) as any)) as T };
  }

  /** A tenant and one key for it, through the operator API. */
  async createTenantWithKey(
    options: { tenantRateLimit?: number; keyRateLimit?: number; expiresAt?: string } = {},
  ): Promise<{ tenantId: string; keyId: string; key: string }> {
    const tenant = await this.admin('POST', '/tenants', { name: `tenant ${randomUUID()}`, rate_limit_per_window: options.tenantRateLimit });
    if (tenant.status !== 201) throw new Error(`tenant creation failed: ${JSON.stringify(tenant.body)}`);
    const key = await this.admin('POST', `/tenants/${tenant.body.id}/keys`, {
      name: 'test key',
      rate_limit_per_window: options.keyRateLimit,
      expires_at: options.expiresAt,
    });
    if (key.status !== 201) throw new Error(`key creation failed: ${JSON.stringify(key.body)}`);
    return { tenantId: tenant.body.id, keyId: key.body.id, key: key.body.key };
  }

  /** A catalog endpoint of this test's own (unique slug), so suites never change each other's catalog. */
  async createEndpoint(spec: EndpointSpec): Promise<{ slug: string; id: string; upstreamIds: string[] }> {
    const category = spec.category ?? 'infra';
    const slug = `${category}.t_${randomBytes(6).toString('hex')}`;
    const row = await this.prisma.catalogEndpoint.create({
      data: {
        slug,
        category,
        billingUnit: spec.billingUnit ?? 'call',
        wholesalePicoUsdPerUnit: spec.wholesalePicoUsdPerUnit ?? 1_000_000_000n,
        resalePicoUsdPerUnit: spec.resalePicoUsdPerUnit ?? 1_500_000_000n,
        maxQuantityPerCall: spec.maxQuantityPerCall ?? null,
        defaultRateLimit: spec.defaultRateLimit ?? 1000,
        declaredLatencyMs: 50,
        streamable: spec.streamable ?? false,
        upstreams: {
          create: spec.upstreams.map((u, position) => ({
            position,
            name: u.name ?? `upstream-${position}`,
            kind: u.kind ?? 'http',
            baseUrl: u.baseUrl ?? null,
            path: u.path ?? '',
            timeoutMs: u.timeoutMs ?? 2000,
            authHeader: u.authHeader ?? null,
            authScheme: u.authScheme ?? null,
            authSecretEnv: u.authSecretEnv ?? null,
            maxResponseBytes: u.maxResponseBytes ?? null,
            deadlineMs: u.deadlineMs ?? null,
            model: u.model ?? null,
            servesModel: u.servesModel ?? null,
          })),
        },
        models: { create: (spec.models ?? []).map((m, position) => ({ ...m, position })) },
      },
      include: { upstreams: { orderBy: { position: 'asc' } } },
    });
    await this.app.get(CatalogService).reload();
    return { slug, id: row.id, upstreamIds: row.upstreams.map((u) => u.id) };
  }

  /** Writes every queued audit record now. */
  flushAudit(): Promise<void> {
    return this.app.get(AuditWriterService).flush();
  }

  /**
   * The audit record of a request. Records are queued when the response closes (for a client that
   * left mid-call, once the call stopped), so this flushes and looks again until it is there.
   */
  async auditRecord(requestId: string, timeoutMs = 5000) {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      await this.flushAudit();
      const record = await this.prisma.auditRecord.findUnique({ where: { id: requestId } });
      if (record || Date.now() > deadline) return record;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  close(graceMs = 2000): Promise<void> {
    return shutdownGracefully(this.app, graceMs);
  }
}
