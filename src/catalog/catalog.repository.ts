import { Injectable } from '@nestjs/common';
import { GatewayError } from '../common/errors/error-catalog';
import { PrismaService } from '../database/prisma.service';
import { Prisma } from '../generated/prisma/client';
import type { EndpointChanges, EndpointDefinition, MeterPriceDefinition, ModelDefinition } from './endpoint';
import type { UpstreamDefinition } from './upstream';

const METER_ORDER = { orderBy: { meter: 'asc' as const } };

const WITH_UPSTREAMS_AND_LIMIT = {
  upstreams: { orderBy: { position: 'asc' as const } },
  models: { orderBy: { position: 'asc' as const }, include: { prices: METER_ORDER } },
  // The endpoint's own price: the rows of no model.
  prices: { where: { modelId: null }, ...METER_ORDER },
  limit: true,
};

/** An endpoint as stored, its prices as meter rows; CatalogService normalises definitions into these. */
export type StoredEndpointCreate = Omit<EndpointDefinition, 'prices' | 'wholesalePicoUsdPerUnit' | 'resalePicoUsdPerUnit'> & {
  prices: MeterPriceDefinition[];
};
export type StoredModelDefinition = Omit<ModelDefinition, 'prices' | 'wholesalePicoUsdPerUnit' | 'resalePicoUsdPerUnit'> & {
  prices: MeterPriceDefinition[];
};
export type StoredEndpointChanges = Omit<EndpointChanges, 'prices' | 'wholesalePicoUsdPerUnit' | 'resalePicoUsdPerUnit'>;

/**
 * Told of a change in its transaction, with the endpoint before (null: new) and after: the activity
 * log's writer (CatalogService), so a change and its entry commit or fail together.
 */
export type CatalogChangeHook = (tx: Prisma.TransactionClient, before: StoredEndpoint | null, after: StoredEndpoint) => Promise<void>;

const noHook: CatalogChangeHook = () => Promise.resolve();

@Injectable()
export class CatalogRepository {
  constructor(private readonly prisma: PrismaService) {}

  findAll() {
    return this.prisma.catalogEndpoint.findMany({ include: WITH_UPSTREAMS_AND_LIMIT, orderBy: { slug: 'asc' } });
  }

  /**
   * A digest of every stored catalog row's identity and version (its id and the transaction that
   * wrote it, xmin): any insert, change or removal in the catalog's tables changes it. Postgres
   * works it out (a scan of the catalog's rows, some milliseconds at 2,000 endpoints); the gateway
   * receives 32 characters, where a whole read maps every endpoint on its event loop.
   */
  async fingerprint(): Promise<string> {
    const [{ fingerprint }] = await this.prisma.$queryRaw<Array<{ fingerprint: string }>>`
      SELECT md5(concat_ws('|',
        (SELECT coalesce(string_agg(id::text || ':' || xmin::text, ',' ORDER BY id), '') FROM catalog_endpoints),
        (SELECT coalesce(string_agg(id::text || ':' || xmin::text, ',' ORDER BY id), '') FROM endpoint_models),
        (SELECT coalesce(string_agg(id::text || ':' || xmin::text, ',' ORDER BY id), '') FROM meter_prices),
        (SELECT coalesce(string_agg(id::text || ':' || xmin::text, ',' ORDER BY id), '') FROM upstreams),
        (SELECT coalesce(string_agg(endpoint_id::text || ':' || xmin::text, ',' ORDER BY endpoint_id), '') FROM endpoint_limits)
      )) AS fingerprint`;
    return fingerprint;
  }

  findBySlug(slug: string) {
    return this.prisma.catalogEndpoint.findUnique({ where: { slug }, include: WITH_UPSTREAMS_AND_LIMIT });
  }

  /** Creates an endpoint with its price, upstreams and models (with theirs) in one transaction. */
  async create(endpoint: StoredEndpointCreate, upstreams: UpstreamDefinition[], models: StoredModelDefinition[] = [], onChange = noHook) {
    const { prices, ...fields } = endpoint;
    return this.prisma.$transaction(async (tx) => {
      const row = await tx.catalogEndpoint.create({
        data: {
          ...fields,
          upstreams: { create: upstreams.map((u, position) => ({ ...upstreamRow(u), position })) },
          prices: { create: prices },
        },
      });
      await createModels(tx, row.id, models);
      const created = await endpointIn(tx, row.id);
      await onChange(tx, null, created);
      return created;
    });
  }

  /** Changes an endpoint's fields and, when given, replaces its own price, in one transaction. */
  async update(slug: string, changes: StoredEndpointChanges, prices?: MeterPriceDefinition[], onChange = noHook) {
    return this.change({ slug }, onChange, async (tx, id) => {
      await tx.catalogEndpoint.update({ where: { id }, data: changes });
      if (prices) {
        await tx.meterPrice.deleteMany({ where: { endpointId: id, modelId: null } });
        await tx.meterPrice.createMany({ data: prices.map((p) => ({ ...p, endpointId: id })) });
      }
    });
  }

  async setEndpointLimit(endpointId: string, requestsPerWindow: number | null, onChange = noHook): Promise<void> {
    await this.change({ id: endpointId }, onChange, async (tx) => {
      if (requestsPerWindow === null) {
        await tx.endpointLimit.deleteMany({ where: { endpointId } });
        return;
      }
      await tx.endpointLimit.upsert({
        where: { endpointId },
        create: { endpointId, requestsPerWindow },
        update: { requestsPerWindow },
      });
    });
  }

  /** Replaces the ordered upstream list in one transaction (positions follow the array order). */
  async replaceUpstreams(endpointId: string, upstreams: UpstreamDefinition[]): Promise<void> {
    await this.prisma.$transaction([
      this.prisma.upstream.deleteMany({ where: { endpointId } }),
      this.prisma.upstream.createMany({ data: upstreams.map((u, position) => ({ ...upstreamRow(u), endpointId, position })) }),
    ]);
  }

  /** Replaces the endpoint's models and their prices in one transaction (the first is the default). */
  async replaceModels(endpointId: string, models: StoredModelDefinition[], onChange = noHook): Promise<void> {
    await this.change({ id: endpointId }, onChange, async (tx) => {
      // A model's prices go with it (ON DELETE CASCADE).
      await tx.endpointModel.deleteMany({ where: { endpointId } });
      await createModels(tx, endpointId, models);
    });
  }

  /**
   * A change of one endpoint in one transaction holding its row lock, so concurrent changes of it
   * are serialised and the hook's before and after are exactly what this change found and left.
   * 404 endpoint_not_found when the row is gone.
   */
  private change(
    where: { slug: string } | { id: string },
    onChange: CatalogChangeHook,
    write: (tx: Prisma.TransactionClient, id: string) => Promise<void>,
  ): Promise<StoredEndpoint> {
    return this.prisma.$transaction(async (tx) => {
      const [locked] =
        'slug' in where
          ? await tx.$queryRaw<Array<{ id: string }>>`SELECT id FROM catalog_endpoints WHERE slug = ${where.slug} FOR UPDATE`
          : await tx.$queryRaw<Array<{ id: string }>>`SELECT id FROM catalog_endpoints WHERE id = ${where.id}::uuid FOR UPDATE`;
      if (!locked) throw new GatewayError('endpoint_not_found');
      const before = await endpointIn(tx, locked.id);
      await write(tx, locked.id);
      const after = await endpointIn(tx, locked.id);
      await onChange(tx, before, after);
      return after;
    });
  }
}

/**
 * An endpoint as findBySlug reads it, inside a transaction: its relations one query after another.
 * Prisma sends the queries of one `include`'s relations at once, and in an interactive transaction
 * they share its one connection; node-postgres queues them, with a deprecation warning: pg 9 will
 * refuse a query sent while another runs on the same client.
 */
async function endpointIn(tx: Prisma.TransactionClient, id: string): Promise<StoredEndpoint> {
  const endpoint = await tx.catalogEndpoint.findUniqueOrThrow({ where: { id } });
  const upstreams = await tx.upstream.findMany({ where: { endpointId: id }, ...WITH_UPSTREAMS_AND_LIMIT.upstreams });
  const models = await tx.endpointModel.findMany({ where: { endpointId: id }, ...WITH_UPSTREAMS_AND_LIMIT.models });
  const prices = await tx.meterPrice.findMany({ where: { endpointId: id, ...WITH_UPSTREAMS_AND_LIMIT.prices.where }, ...METER_ORDER });
  const limit = await tx.endpointLimit.findUnique({ where: { endpointId: id } });
  return { ...endpoint, upstreams, models, prices, limit };
}

async function createModels(tx: Prisma.TransactionClient, endpointId: string, models: StoredModelDefinition[]): Promise<void> {
  for (const [position, { prices, ...model }] of models.entries()) {
    await tx.endpointModel.create({
      data: { ...model, endpointId, position, prices: { create: prices.map((p) => ({ ...p, endpointId })) } },
    });
  }
}

/** An upstream's columns: a JSON column takes SQL NULL as Prisma.DbNull, not null. */
function upstreamRow(u: UpstreamDefinition) {
  return { ...u, usageMapping: u.usageMapping === null ? Prisma.DbNull : u.usageMapping };
}

export type StoredEndpoint = NonNullable<Awaited<ReturnType<CatalogRepository['findBySlug']>>>;
