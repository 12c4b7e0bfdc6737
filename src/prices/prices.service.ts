import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { PrismaService } from '../database/prisma.service';
import { Prisma } from '../generated/prisma/client';
import type { Meter } from '../generated/prisma/enums';

/** A price a tenant set per billing unit of a slug, tenant-wide (`customerId` null) or for one customer. */
export interface StoredPrice {
  customerId: string | null;
  slug: string;
  meter: Meter;
  pricePicoUsdPerUnit: bigint;
  updatedAt: Date;
}

/**
 * The prices a tenant sets for what its customers pay (the table price_overrides). The gateway reads
 * them with the key (ApiKeyRepository, cached); callers check that the customer belongs to the tenant
 * and that the slug exists first, and invalidate the cached keys after a change.
 */
@Injectable()
export class PricesService {
  constructor(private readonly prisma: PrismaService) {}

  /** The tenant-wide prices (`customerId` null) or one customer's own, by slug. */
  list(tenantId: string, customerId: string | null): Promise<StoredPrice[]> {
    return this.prisma.priceOverride.findMany({
      where: { tenantId, customerId },
      orderBy: [{ slug: 'asc' }, { meter: 'asc' }],
      select: { customerId: true, slug: true, meter: true, pricePicoUsdPerUnit: true, updatedAt: true },
    });
  }

  /**
   * Sets a price, replacing the one there was, in one statement: two concurrent PUTs of the same
   * price both succeed, the later write wins. The conflict target names the partial unique index of
   * the scope (tenant-wide rows have no customer, so one index cannot cover both).
   */
  async set(tenantId: string, customerId: string | null, slug: string, meter: Meter, pricePicoUsdPerUnit: bigint): Promise<StoredPrice> {
    const target =
      customerId === null
        ? Prisma.sql`(tenant_id, slug, meter) WHERE customer_id IS NULL`
        : Prisma.sql`(customer_id, slug, meter) WHERE customer_id IS NOT NULL`;
    const [row] = await this.prisma.$queryRaw<
      Array<{ customer_id: string | null; slug: string; meter: Meter; price: bigint; updated_at: Date }>
    >`
      INSERT INTO price_overrides (id, tenant_id, customer_id, slug, meter, price_pico_usd_per_unit, updated_at)
      VALUES (${randomUUID()}::uuid, ${tenantId}::uuid, ${customerId}::uuid, ${slug}, ${meter}::"Meter", ${pricePicoUsdPerUnit}, now())
      ON CONFLICT ${target}
      DO UPDATE SET price_pico_usd_per_unit = EXCLUDED.price_pico_usd_per_unit, updated_at = EXCLUDED.updated_at
      RETURNING customer_id, slug, meter, price_pico_usd_per_unit AS price, updated_at`;
    return {
      customerId: row.customer_id,
      slug: row.slug,
      meter: row.meter,
      pricePicoUsdPerUnit: BigInt(row.price),
      updatedAt: row.updated_at,
    };
  }

  /** Removes the price of one meter of a slug, or (no meter) every price of the slug; false when there was none. */
  async remove(tenantId: string, customerId: string | null, slug: string, meter?: Meter): Promise<boolean> {
    const { count } = await this.prisma.priceOverride.deleteMany({ where: { tenantId, customerId, slug, meter } });
    return count > 0;
  }
}
