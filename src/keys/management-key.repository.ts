import { Injectable } from '@nestjs/common';
import { afterCursor, NEWEST_FIRST } from '../common/pagination/cursor';
import { PrismaService } from '../database/prisma.service';

const PUBLIC_FIELDS = {
  id: true,
  tenantId: true,
  name: true,
  prefix: true,
  status: true,
  createdAt: true,
  revokedAt: true,
  createdByUserId: true,
} as const;

@Injectable()
export class ManagementKeyRepository {
  constructor(private readonly prisma: PrismaService) {}

  /** What verification needs: the key's hash and status, and its tenant's status. */
  findByPrefix(prefix: string) {
    return this.prisma.managementKey.findUnique({
      where: { prefix },
      select: {
        id: true,
        tenantId: true,
        secretHash: true,
        status: true,
        createdByUserId: true,
        tenant: { select: { status: true } },
        createdBy: { select: { role: true, tenantId: true } },
      },
    });
  }

  create(data: { tenantId: string; name: string; prefix: string; secretHash: Uint8Array<ArrayBuffer>; createdByUserId: string | null }) {
    return this.prisma.managementKey.create({ data, select: PUBLIC_FIELDS });
  }

  /** A tenant's management keys, newest first: `take` after the page `cursor` ended. */
  listByTenant(tenantId: string, take: number, cursor?: string) {
    const after = afterCursor(cursor);
    return this.prisma.managementKey.findMany({
      where: after ? { AND: [{ tenantId }, after] } : { tenantId },
      orderBy: NEWEST_FIRST,
      take,
      select: PUBLIC_FIELDS,
    });
  }

  findById(id: string) {
    return this.prisma.managementKey.findUnique({ where: { id }, select: PUBLIC_FIELDS });
  }

  /** A tenant's management key, or null when the tenant has none with this id. */
  findInTenant(tenantId: string, id: string) {
    return this.prisma.managementKey.findFirst({ where: { id, tenantId }, select: PUBLIC_FIELDS });
  }

  /** Revokes a key of this tenant (idempotent); null when the tenant has none with this id. */
  async revokeInTenant(tenantId: string, id: string) {
    await this.prisma.managementKey.updateMany({
      where: { id, tenantId, status: 'active' },
      data: { status: 'revoked', revokedAt: new Date() },
    });
    return this.findInTenant(tenantId, id);
  }

  /** Marks a key revoked (idempotent: the first revocation time is kept). */
  async revoke(id: string) {
    await this.prisma.managementKey.updateMany({ where: { id, status: 'active' }, data: { status: 'revoked', revokedAt: new Date() } });
    return this.findById(id);
  }
}

export type PublicManagementKey = NonNullable<Awaited<ReturnType<ManagementKeyRepository['findById']>>>;
