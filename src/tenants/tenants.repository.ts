import { Injectable } from '@nestjs/common';
import { PrismaService } from '../database/prisma.service';
import type { TenantStatus } from '../generated/prisma/enums';

export interface TenantChanges {
  name?: string;
  status?: TenantStatus;
  rateLimitPerWindow?: number | null;
}

@Injectable()
export class TenantsRepository {
  constructor(private readonly prisma: PrismaService) {}

  create(data: { name: string; rateLimitPerWindow: number | null }) {
    return this.prisma.tenant.create({ data });
  }

  findById(id: string) {
    return this.prisma.tenant.findUnique({ where: { id } });
  }

  list(take: number, afterId?: string) {
    return this.prisma.tenant.findMany({
      take,
      ...(afterId ? { skip: 1, cursor: { id: afterId } } : {}),
      orderBy: { id: 'asc' },
    });
  }

  update(id: string, changes: TenantChanges) {
    return this.prisma.tenant.update({ where: { id }, data: changes });
  }
}

export type StoredTenant = NonNullable<Awaited<ReturnType<TenantsRepository['findById']>>>;
