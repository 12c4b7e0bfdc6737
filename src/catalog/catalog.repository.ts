import { Injectable } from '@nestjs/common';
import { PrismaService } from '../database/prisma.service';
import { Prisma } from '../generated/prisma/client';
import type { EndpointChanges, EndpointDefinition, ModelDefinition } from './endpoint';
import type { UpstreamDefinition } from './upstream';

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
  create(endpoint: EndpointDefinition, upstreams: UpstreamDefinition[], models: ModelDefinition[] = []) {
    return this.prisma.catalogEndpoint.create({
      data: {
        ...endpoint,
        upstreams: { create: upstreams.map((u, position) => ({ ...upstreamRow(u), position })) },
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
  async replaceUpstreams(endpointId: string, upstreams: UpstreamDefinition[]): Promise<void> {
    await this.prisma.$transaction([
      this.prisma.upstream.deleteMany({ where: { endpointId } }),
      this.prisma.upstream.createMany({ data: upstreams.map((u, position) => ({ ...upstreamRow(u), endpointId, position })) }),
    ]);
  }

  /** Replaces the endpoint's models in one transaction (the first is the default). */
  async replaceModels(endpointId: string, models: ModelDefinition[]): Promise<void> {
    await this.prisma.$transaction([
      this.prisma.endpointModel.deleteMany({ where: { endpointId } }),
      this.prisma.endpointModel.createMany({ data: models.map((m, position) => ({ ...m, endpointId, position })) }),
    ]);
  }
}

/** An upstream's columns: a JSON column takes SQL NULL as Prisma.DbNull, not null. */
function upstreamRow(u: UpstreamDefinition) {
  return { ...u, usageMapping: u.usageMapping === null ? Prisma.DbNull : u.usageMapping };
}

export type StoredEndpoint = NonNullable<Awaited<ReturnType<CatalogRepository['findBySlug']>>>;
