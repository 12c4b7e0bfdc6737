import { Injectable } from '@nestjs/common';
import { PrismaService } from '../database/prisma.service';
import type { BillingUnit, Category, ProviderKind } from '../generated/prisma/enums';

export interface EndpointChanges {
  description?: string;
  wholesalePicoUsdPerUnit?: bigint;
  resalePicoUsdPerUnit?: bigint;
  /** null resets the cap to the billing unit's default. */
  maxQuantityPerCall?: bigint | null;
  defaultRateLimit?: number;
  declaredLatencyMs?: number;
  streamable?: boolean;
  enabled?: boolean;
}

export interface NewEndpoint {
  slug: string;
  category: Category;
  billingUnit: BillingUnit;
  description: string;
  wholesalePicoUsdPerUnit: bigint;
  resalePicoUsdPerUnit: bigint;
  maxQuantityPerCall: bigint | null;
  defaultRateLimit: number;
  declaredLatencyMs: number;
  streamable: boolean;
}

export interface ModelInput {
  name: string;
  wholesalePicoUsdPerUnit: bigint;
  resalePicoUsdPerUnit: bigint;
}

export interface UpstreamInput {
  name: string;
  kind: ProviderKind;
  baseUrl: string | null;
  path: string;
  timeoutMs: number;
  authHeader: string | null;
  authScheme: string | null;
  authSecretEnv: string | null;
  maxResponseBytes: number | null;
  deadlineMs: number | null;
  model: string | null;
  servesModel: string | null;
  enabled: boolean;
}

const WITH_UPSTREAMS_AND_LIMIT = {
  upstreams: { orderBy: { position: 'asc' as const } },
  models: { orderBy: { position: 'asc' as const } },
  limit: true,
};

@Injectable()
export class CatalogRepository {
  constructor(private readonly prisma: PrismaService) {}

  findAll() {
    return this.prisma.catalogEndpoint.findMany({ include: WITH_UPSTREAMS_AND_LIMIT, orderBy: { slug: 'asc' } });
  }

  findBySlug(slug: string) {
    return this.prisma.catalogEndpoint.findUnique({ where: { slug }, include: WITH_UPSTREAMS_AND_LIMIT });
  }

  /** Creates an endpoint with its upstreams and models in one statement. */
  create(endpoint: NewEndpoint, upstreams: UpstreamInput[], models: ModelInput[] = []) {
    return this.prisma.catalogEndpoint.create({
      data: {
        ...endpoint,
        upstreams: { create: upstreams.map((u, position) => ({ ...u, position })) },
        models: { create: models.map((m, position) => ({ ...m, position })) },
      },
      include: WITH_UPSTREAMS_AND_LIMIT,
    });
  }

  update(slug: string, changes: EndpointChanges) {
    return this.prisma.catalogEndpoint.update({ where: { slug }, data: changes, include: WITH_UPSTREAMS_AND_LIMIT });
  }

  async setEndpointLimit(endpointId: string, requestsPerWindow: number | null): Promise<void> {
    if (requestsPerWindow === null) {
      await this.prisma.endpointLimit.deleteMany({ where: { endpointId } });
      return;
    }
    await this.prisma.endpointLimit.upsert({
      where: { endpointId },
      create: { endpointId, requestsPerWindow },
      update: { requestsPerWindow },
    });
  }

  /** Replaces the ordered upstream list in one transaction (positions follow the array order). */
  async replaceUpstreams(endpointId: string, upstreams: UpstreamInput[]): Promise<void> {
    await this.prisma.$transaction([
      this.prisma.upstream.deleteMany({ where: { endpointId } }),
      this.prisma.upstream.createMany({ data: upstreams.map((u, position) => ({ ...u, endpointId, position })) }),
    ]);
  }

  /** Replaces the endpoint's models in one transaction (the first is the default). */
  async replaceModels(endpointId: string, models: ModelInput[]): Promise<void> {
    await this.prisma.$transaction([
      this.prisma.endpointModel.deleteMany({ where: { endpointId } }),
      this.prisma.endpointModel.createMany({ data: models.map((m, position) => ({ ...m, endpointId, position })) }),
    ]);
  }
}

export type StoredEndpoint = NonNullable<Awaited<ReturnType<CatalogRepository['findBySlug']>>>;
