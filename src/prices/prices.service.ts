import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { EVERY_SLUG } from '../keys/customer-prices';
import type { Actor } from '../activity/actor';
import { ActivityLog } from '../activity/activity-log.repository';
import { PrismaService } from '../database/prisma.service';
import { picoUsdToDecimalString } from '../common/money/money';
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
  constructor(
    private readonly prisma: PrismaService,
    private readonly activity: ActivityLog,
  ) {}

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
  async set(
    actor: Actor,
    tenantId: string,
    customerId: string | null,
    slug: string,
    meter: Meter,
    pricePicoUsdPerUnit: bigint,
    costPicoUsdPerUnit?: bigint,
  ): Promise<StoredPrice> {
    const target =
      customerId === null
        ? Prisma.sql`(tenant_id, slug, meter) WHERE customer_id IS NULL`
        : Prisma.sql`(customer_id, slug, meter) WHERE customer_id IS NOT NULL`;
    return this.prisma.$transaction(async (tx) => {
      const previous = await tx.priceOverride.findFirst({ where: { tenantId, customerId, slug, meter, markupBps: null } });
      const [row] = await tx.$queryRaw<Array<{ customer_id: string | null; slug: string; meter: Meter; price: bigint; updated_at: Date }>>`
      INSERT INTO price_overrides (id, tenant_id, customer_id, slug, meter, price_pico_usd_per_unit, updated_at)
      VALUES (${randomUUID()}::uuid, ${tenantId}::uuid, ${customerId}::uuid, ${slug}, ${meter}::"Meter", ${pricePicoUsdPerUnit}, now())
      ON CONFLICT ${target}
      DO UPDATE SET price_pico_usd_per_unit = EXCLUDED.price_pico_usd_per_unit, updated_at = EXCLUDED.updated_at
      RETURNING customer_id, slug, meter, price_pico_usd_per_unit AS price, updated_at`;
      const price = BigInt(row.price);
      const below = costPicoUsdPerUnit !== undefined && price < costPicoUsdPerUnit;
      await this.activity.record(tx, actor, {
        action: previous ? 'price.update' : 'price.create',
        entityType: 'price',
        entityId: priceEntityId(customerId, slug, meter),
        tenantId,
        before: previous && { price_usd_per_unit: usd(previous.pricePicoUsdPerUnit) },
        after: { price_usd_per_unit: usd(price) },
        marks: below ? { below_cost: true, cost_usd_per_unit: usd(costPicoUsdPerUnit) } : undefined,
      });
      return { customerId: row.customer_id, slug: row.slug, meter: row.meter, pricePicoUsdPerUnit: price, updatedAt: row.updated_at };
    });
  }

  /** Removes the fixed price of one meter of a slug, or (no meter) every fixed price of the slug; false when there was none. Markups stay. */
  async remove(actor: Actor, tenantId: string, customerId: string | null, slug: string, meter?: Meter): Promise<boolean> {
    return this.prisma.$transaction(async (tx) => {
      const where = { tenantId, customerId, slug, meter, markupBps: null };
      const removed = await tx.priceOverride.findMany({ where, orderBy: { meter: 'asc' } });
      await tx.priceOverride.deleteMany({ where });
      for (const price of removed) {
        await this.activity.record(tx, actor, {
          action: 'price.delete',
          entityType: 'price',
          entityId: priceEntityId(customerId, slug, price.meter),
          tenantId,
          before: { price_usd_per_unit: usd(price.pricePicoUsdPerUnit) },
          after: null,
        });
      }
      return removed.length > 0;
    });
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
  async setMarkup(actor: Actor, tenantId: string, customerId: string | null, slug: string, markupBps: number): Promise<StoredMarkup> {
    const target =
      customerId === null
        ? Prisma.sql`(tenant_id, slug) WHERE customer_id IS NULL AND markup_bps IS NOT NULL`
        : Prisma.sql`(customer_id, slug) WHERE customer_id IS NOT NULL AND markup_bps IS NOT NULL`;
    return this.prisma.$transaction(async (tx) => {
      const previous = await tx.priceOverride.findFirst({ where: { tenantId, customerId, slug, markupBps: { not: null } } });
      const [row] = await tx.$queryRaw<Array<{ customer_id: string | null; slug: string; markup_bps: number; updated_at: Date }>>`
      INSERT INTO price_overrides (id, tenant_id, customer_id, slug, markup_bps, updated_at)
      VALUES (${randomUUID()}::uuid, ${tenantId}::uuid, ${customerId}::uuid, ${slug}, ${markupBps}::int, now())
      ON CONFLICT ${target}
      DO UPDATE SET markup_bps = EXCLUDED.markup_bps, updated_at = EXCLUDED.updated_at
      RETURNING customer_id, slug, markup_bps, updated_at`;
      await this.activity.record(tx, actor, {
        action: previous ? 'markup.update' : 'markup.create',
        entityType: 'markup',
        entityId: priceEntityId(customerId, slug),
        tenantId,
        before: previous && { markup_bps: previous.markupBps },
        after: { markup_bps: row.markup_bps },
      });
      return { customerId: row.customer_id, slug: row.slug, markupBps: row.markup_bps, updatedAt: row.updated_at };
    });
  }

  /** Removes the markup of a slug (or EVERY_SLUG); false when there was none. Fixed prices stay. */
  async removeMarkup(actor: Actor, tenantId: string, customerId: string | null, slug: string): Promise<boolean> {
    return this.prisma.$transaction(async (tx) => {
      const where = { tenantId, customerId, slug, markupBps: { not: null } };
      const previous = await tx.priceOverride.findFirst({ where });
      if (!previous) return false;
      await tx.priceOverride.deleteMany({ where });
      await this.activity.record(tx, actor, {
        action: 'markup.delete',
        entityType: 'markup',
        entityId: priceEntityId(customerId, slug),
        tenantId,
        before: { markup_bps: previous.markupBps },
        after: null,
      });
      return true;
    });
  }
}

/** How the log names a price: its scope (the tenant's, or a customer's), the slug, the meter. */
function priceEntityId(customerId: string | null, slug: string, meter?: Meter | null): string {
  return [customerId === null ? 'tenant' : `customer:${customerId}`, slug, ...(meter ? [meter] : [])].join(':');
}

function usd(picoUsd: bigint | null): string | null {
  return picoUsd === null ? null : picoUsdToDecimalString(picoUsd);
}
