import { Injectable } from '@nestjs/common';
import { PrismaService } from '../database/prisma.service';
import { afterCursor, NEWEST_FIRST } from '../common/pagination/cursor';
import type { ApiKeyStatus, TenantStatus } from '../generated/prisma/enums';

/** What verification needs of a key row and its tenant, in one query. */
export interface StoredKey {
  id: string;
  tenantId: string;
  prefix: string;
  secretHash: Uint8Array;
  status: ApiKeyStatus;
  expiresAt: Date | null;
  rateLimitPerWindow: number | null;
  tenant: { status: TenantStatus; rateLimitPerWindow: number | null };
}

export interface NewApiKey {
  tenantId: string;
  name: string;
  prefix: string;
  secretHash: Uint8Array<ArrayBuffer>;
  expiresAt: Date | null;
  rateLimitPerWindow: number | null;
}

const PUBLIC_KEY_FIELDS = {
  id: true,
  tenantId: true,
  name: true,
  prefix: true,
  status: true,
  rateLimitPerWindow: true,
  expiresAt: true,
  revokedAt: true,
  createdAt: true,
} as const;

@Injectable()
export class ApiKeyRepository {
  constructor(private readonly prisma: PrismaService) {}

  findByPrefix(prefix: string): Promise<StoredKey | null> {
    return this.prisma.apiKey.findUnique({
      where: { prefix },
      select: {
        id: true,
        tenantId: true,
        prefix: true,
        secretHash: true,
        status: true,
        expiresAt: true,
        rateLimitPerWindow: true,
        tenant: { select: { status: true, rateLimitPerWindow: true } },
      },
    });
  }

  create(data: NewApiKey) {
    return this.prisma.apiKey.create({ data, select: PUBLIC_KEY_FIELDS });
  }

  findById(id: string) {
    return this.prisma.apiKey.findUnique({ where: { id }, select: PUBLIC_KEY_FIELDS });
  }

  /** A tenant's keys, newest first: `take` keys after the page `cursor` ended. */
  listByTenant(tenantId: string, take: number, cursor?: string) {
    const after = afterCursor(cursor);
    return this.prisma.apiKey.findMany({
      where: after ? { AND: [{ tenantId }, after] } : { tenantId },
      orderBy: NEWEST_FIRST,
      take,
      select: PUBLIC_KEY_FIELDS,
    });
  }

  /** Marks a key revoked (idempotent: the first revocation time is kept). */
  async revoke(id: string) {
    await this.prisma.apiKey.updateMany({ where: { id, status: 'active' }, data: { status: 'revoked', revokedAt: new Date() } });
    return this.findById(id);
  }
}

export type PublicApiKey = NonNullable<Awaited<ReturnType<ApiKeyRepository['findById']>>>;
