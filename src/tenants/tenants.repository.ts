import { Injectable } from '@nestjs/common';
import { PrismaService } from '../database/prisma.service';
import { afterCursor, NEWEST_FIRST } from '../common/pagination/cursor';
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

  /** Newest first; `take` rows after the page `cursor` ended (see common/pagination). */
  list(take: number, cursor?: string) {
    return this.prisma.tenant.findMany({ where: afterCursor(cursor), orderBy: NEWEST_FIRST, take });
  }

  update(id: string, changes: TenantChanges) {
    return this.prisma.tenant.update({ where: { id }, data: changes });
  }
}

export type StoredTenant = NonNullable<Awaited<ReturnType<TenantsRepository['findById']>>>;
