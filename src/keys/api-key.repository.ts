import { Injectable } from '@nestjs/common';
import { PrismaService } from '../database/prisma.service';
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

  listByTenant(tenantId: string) {
    return this.prisma.apiKey.findMany({ where: { tenantId }, orderBy: { createdAt: 'desc' }, select: PUBLIC_KEY_FIELDS });
  }

  /** Marks a key revoked (idempotent: the first revocation time is kept). */
  async revoke(id: string) {
    await this.prisma.apiKey.updateMany({ where: { id, status: 'active' }, data: { status: 'revoked', revokedAt: new Date() } });
    return this.findById(id);
  }
}

export type PublicApiKey = NonNullable<Awaited<ReturnType<ApiKeyRepository['findById']>>>;
