import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { EVERY_SLUG } from '../keys/customer-prices';
import { PrismaService } from '../database/prisma.service';
import { Prisma } from '../generated/prisma/client';
import type { Meter } from '../generated/prisma/enums';

/** A fixed price a tenant set per unit of one meter of a slug, tenant-wide (`customerId` null) or for one customer. */
export interface StoredPrice {
  customerId: string | null;
  slug: string;
  meter: Meter;
  pricePicoUsdPerUnit: bigint;
  updatedAt: Date;
}

/** A markup a tenant set over its resale figure, on one slug or on every slug (EVERY_SLUG), tenant-wide or for one customer. */
export interface StoredMarkup {
  customerId: string | null;
  slug: string;
  markupBps: number;
  updatedAt: Date;
}

/**
 * The prices a tenant sets for what its customers pay (the table price_overrides): fixed prices per
 * meter and markups. The gateway reads them with the key (ApiKeyRepository, cached); callers check
 * that the customer belongs to the tenant and that the slug exists first, and invalidate the cached
 * keys after a change. The only writer of the table, so the only keeper of its row shape: a fixed
 * price has a meter and a price and no markup, a markup has neither (the schema engine cannot diff
 * a CHECK constraint, so the database does not hold it).
 */
@Injectable()
export class PricesService {
  constructor(private readonly prisma: PrismaService) {}

  /** The tenant-wide fixed prices (`customerId` null) or one customer's own, by slug and meter. */
  async list(tenantId: string, customerId: string | null): Promise<StoredPrice[]> {
    const rows = await this.prisma.priceOverride.findMany({
      where: { tenantId, customerId, markupBps: null },
      orderBy: [{ slug: 'asc' }, { meter: 'asc' }],
      select: { customerId: true, slug: true, meter: true, pricePicoUsdPerUnit: true, updatedAt: true },
    });
    return rows.flatMap(({ meter, pricePicoUsdPerUnit, ...row }) =>
      meter !== null && pricePicoUsdPerUnit !== null ? [{ ...row, meter, pricePicoUsdPerUnit }] : [],
    );
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

  /** Removes the fixed price of one meter of a slug, or (no meter) every fixed price of the slug; false when there was none. Markups stay. */
  async remove(tenantId: string, customerId: string | null, slug: string, meter?: Meter): Promise<boolean> {
    const { count } = await this.prisma.priceOverride.deleteMany({ where: { tenantId, customerId, slug, meter, markupBps: null } });
    return count > 0;
  }

  /** The tenant-wide markups (`customerId` null) or one customer's own: the one for every slug first, then by slug. */
  async listMarkups(tenantId: string, customerId: string | null): Promise<StoredMarkup[]> {
    const rows = await this.prisma.priceOverride.findMany({
      where: { tenantId, customerId, markupBps: { not: null } },
      orderBy: { slug: 'asc' },
      select: { customerId: true, slug: true, markupBps: true, updatedAt: true },
    });
    const markups = rows.flatMap(({ markupBps, ...row }) => (markupBps !== null ? [{ ...row, markupBps }] : []));
    // '*' sorts first under any collation this way (a collation may ignore punctuation).
    return [...markups.filter((m) => m.slug === EVERY_SLUG), ...markups.filter((m) => m.slug !== EVERY_SLUG)];
  }

  /** Sets a markup (one slug, or EVERY_SLUG), replacing the one there was, in one statement like `set`. */
  async setMarkup(tenantId: string, customerId: string | null, slug: string, markupBps: number): Promise<StoredMarkup> {
    const target =
      customerId === null
        ? Prisma.sql`(tenant_id, slug) WHERE customer_id IS NULL AND markup_bps IS NOT NULL`
        : Prisma.sql`(customer_id, slug) WHERE customer_id IS NOT NULL AND markup_bps IS NOT NULL`;
    const [row] = await this.prisma.$queryRaw<Array<{ customer_id: string | null; slug: string; markup_bps: number; updated_at: Date }>>`
      INSERT INTO price_overrides (id, tenant_id, customer_id, slug, markup_bps, updated_at)
      VALUES (${randomUUID()}::uuid, ${tenantId}::uuid, ${customerId}::uuid, ${slug}, ${markupBps}::int, now())
      ON CONFLICT ${target}
      DO UPDATE SET markup_bps = EXCLUDED.markup_bps, updated_at = EXCLUDED.updated_at
      RETURNING customer_id, slug, markup_bps, updated_at`;
    return { customerId: row.customer_id, slug: row.slug, markupBps: row.markup_bps, updatedAt: row.updated_at };
  }

  /** Removes the markup of a slug (or EVERY_SLUG); false when there was none. Fixed prices stay. */
  async removeMarkup(tenantId: string, customerId: string | null, slug: string): Promise<boolean> {
    const { count } = await this.prisma.priceOverride.deleteMany({ where: { tenantId, customerId, slug, markupBps: { not: null } } });
    return count > 0;
  }
}
