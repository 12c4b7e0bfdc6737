import type { ActivityChange } from '../activity/activity-log.repository';
import { picoUsdToDecimalString } from '../common/money/money';
import type { StoredEndpoint } from './catalog.repository';

interface MeterRow {
  meter: string;
  wholesalePicoUsdPerUnit: bigint;
  resalePicoUsdPerUnit: bigint;
}

/** The parts of an endpoint the activity log follows: its prices, its models' prices, its limits. */
export type EndpointPrices = Pick<StoredEndpoint, 'slug' | 'defaultRateLimit' | 'limit'> & {
  prices: MeterRow[];
  models: Array<{ name: string; prices: MeterRow[] }>;
};

/**
 * The activity log's entries for an operator's change of a catalog endpoint (docs/concepts/activity.md):
 * one `catalog_price` entry per meter price set, changed or removed, the endpoint's own
 * (`<slug>:<meter>`) and each model's (`<slug>:<meter>:model:<name>`, the model last as its name
 * may hold ':'), marked below cost when resale is under wholesale; one `limit` entry
 * (`endpoint:<slug>`) when the per-endpoint override or the catalog default changed. A new endpoint
 * (`before` null) logs its prices; its limits are defaults, not changes. Upstreams, latency and the
 * rest are the endpoint's running, not its terms, and are not logged.
 */
export function catalogActivity(before: EndpointPrices | null, after: EndpointPrices): ActivityChange[] {
  const slug = after.slug;
  const changes = [
    ...priceChanges(slug, '', before?.prices ?? [], after.prices),
    ...modelPriceChanges(slug, before?.models ?? [], after.models),
  ];
  if (before !== null) {
    const limits = (e: EndpointPrices) => ({
      requests_per_window: e.limit?.requestsPerWindow ?? null,
      default_rate_limit: e.defaultRateLimit,
    });
    const [was, now] = [limits(before), limits(after)];
    if (was.requests_per_window !== now.requests_per_window || was.default_rate_limit !== now.default_rate_limit) {
      changes.push({ action: 'limit.update', entityType: 'limit', entityId: `endpoint:${slug}`, tenantId: null, before: was, after: now });
    }
  }
  return changes;
}

function modelPriceChanges(slug: string, before: EndpointPrices['models'], after: EndpointPrices['models']): ActivityChange[] {
  const names = [...new Set([...before.map((m) => m.name), ...after.map((m) => m.name)])];
  return names.flatMap((name) =>
    priceChanges(
      slug,
      `:model:${name}`,
      before.find((m) => m.name === name)?.prices ?? [],
      after.find((m) => m.name === name)?.prices ?? [],
    ),
  );
}

function priceChanges(slug: string, suffix: string, before: MeterRow[], after: MeterRow[]): ActivityChange[] {
  const meters = [...new Set([...before.map((p) => p.meter), ...after.map((p) => p.meter)])];
  return meters.flatMap((meter): ActivityChange[] => {
    const was = before.find((p) => p.meter === meter);
    const now = after.find((p) => p.meter === meter);
    if (
      was &&
      now &&
      was.wholesalePicoUsdPerUnit === now.wholesalePicoUsdPerUnit &&
      was.resalePicoUsdPerUnit === now.resalePicoUsdPerUnit
    ) {
      return [];
    }
    const below = now !== undefined && now.resalePicoUsdPerUnit < now.wholesalePicoUsdPerUnit;
    return [
      {
        action: `catalog_price.${!was ? 'create' : !now ? 'delete' : 'update'}`,
        entityType: 'catalog_price',
        entityId: `${slug}:${meter}${suffix}`,
        tenantId: null,
        before: was ? priceFields(was) : null,
        after: now ? priceFields(now) : null,
        marks: below ? { below_cost: true, cost_usd_per_unit: picoUsdToDecimalString(now.wholesalePicoUsdPerUnit) } : undefined,
      },
    ];
  });
}

function priceFields(row: MeterRow): Record<string, unknown> {
  return {
    wholesale_usd_per_unit: picoUsdToDecimalString(row.wholesalePicoUsdPerUnit),
    resale_usd_per_unit: picoUsdToDecimalString(row.resalePicoUsdPerUnit),
  };
}
