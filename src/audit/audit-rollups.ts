/**
 * The daily rollups of the audit trail (usage_daily, latency_daily), defined once: the same
 * aggregate keeps them up to date from each inserted batch (the CTE `inserted` of the batch
 * statement) and rebuilds them from the whole table (`npm run rollups:rebuild`).
 */

/** The nil UUID: a call without a tenant, customer, key or endpoint is counted under it. */
export const NONE_ID = '00000000-0000-0000-0000-000000000000';

/**
 * Upper bounds (ms, inclusive) of the latency histogram's buckets; one more bucket counts the
 * slower calls. About 1.5× apart, so a percentile read from it is within half a bucket.
 */
export const LATENCY_BUCKETS_MS = [
  1, 2, 3, 5, 7, 10, 15, 20, 30, 50, 70, 100, 150, 200, 300, 500, 700, 1000, 1500, 2000, 3000, 5000, 7000, 10_000, 15_000, 20_000, 30_000,
  60_000,
] as const;

const day = `(created_at AT TIME ZONE 'UTC')::date`;
const id = (column: string) => `coalesce(${column}, '${NONE_ID}'::uuid)`;

function usageSelect(source: string): string {
  return (
    `SELECT ${day} AS day, ${id('tenant_id')} AS tenant_id, ${id('customer_id')} AS customer_id, ` +
    `${id('api_key_id')} AS api_key_id, ${id('endpoint_id')} AS endpoint_id, count(*) AS calls, ` +
    `count(*) FILTER (WHERE http_status >= 400) AS errors, sum(quantity) AS quantity, ` +
    `sum(wholesale_pico_usd) AS wholesale_pico_usd, sum(resale_pico_usd) AS resale_pico_usd, ` +
    `sum(customer_price_pico_usd) AS customer_price_pico_usd FROM ${source} GROUP BY 1, 2, 3, 4, 5`
  );
}

function latencySelect(source: string): string {
  const counts = [
    ...LATENCY_BUCKETS_MS.map((upper, i) => {
      const lower = i === 0 ? null : LATENCY_BUCKETS_MS[i - 1];
      return `count(*) FILTER (WHERE latency_ms <= ${upper}${lower === null ? '' : ` AND latency_ms > ${lower}`})`;
    }),
    `count(*) FILTER (WHERE latency_ms > ${LATENCY_BUCKETS_MS[LATENCY_BUCKETS_MS.length - 1]})`,
  ];
  return (
    `SELECT ${day} AS day, endpoint_id, count(*) AS calls, ARRAY[${counts.join(', ')}]::bigint[] AS buckets ` +
    `FROM ${source} WHERE http_status = 200 AND endpoint_id IS NOT NULL GROUP BY 1, 2`
  );
}

const USAGE_COLUMNS =
  'day, tenant_id, customer_id, api_key_id, endpoint_id, calls, errors, quantity, wholesale_pico_usd, resale_pico_usd, customer_price_pico_usd';

/**
 * The CTEs that add the rows of `inserted` (the batch statement's RETURNING) to the rollups. Rows
 * are upserted in key order, so two batches that touch the same rollup rows lock them in the same
 * order and never deadlock.
 */
export const ROLLUP_BATCH_CTES =
  `rolled_usage AS (INSERT INTO usage_daily AS u (${USAGE_COLUMNS}) ` +
  `SELECT * FROM (${usageSelect('inserted')}) AS batch ORDER BY 1, 2, 3, 4, 5 ` +
  `ON CONFLICT (day, tenant_id, customer_id, api_key_id, endpoint_id) DO UPDATE SET ` +
  `calls = u.calls + EXCLUDED.calls, errors = u.errors + EXCLUDED.errors, quantity = u.quantity + EXCLUDED.quantity, ` +
  `wholesale_pico_usd = u.wholesale_pico_usd + EXCLUDED.wholesale_pico_usd, resale_pico_usd = u.resale_pico_usd + EXCLUDED.resale_pico_usd, ` +
  `customer_price_pico_usd = u.customer_price_pico_usd + EXCLUDED.customer_price_pico_usd), ` +
  `rolled_latency AS (INSERT INTO latency_daily AS l (day, endpoint_id, calls, buckets) ` +
  `SELECT * FROM (${latencySelect('inserted')}) AS batch ORDER BY 2, 1 ` +
  `ON CONFLICT (endpoint_id, day) DO UPDATE SET calls = l.calls + EXCLUDED.calls, ` +
  `buckets = ARRAY(SELECT x.a + x.b FROM unnest(l.buckets, EXCLUDED.buckets) AS x(a, b)))`;

/**
 * Recomputes both rollups from the audit trail, in one transaction. The EXCLUSIVE locks make the
 * audit writers' batches wait (their statements upsert the rollups): a batch that committed before
 * is in the recount, one that waits adds itself after, so the result is exact under live traffic.
 */
export const REBUILD_ROLLUPS_SQL = [
  'BEGIN',
  'LOCK TABLE usage_daily, latency_daily IN EXCLUSIVE MODE',
  'DELETE FROM usage_daily',
  'DELETE FROM latency_daily',
  `INSERT INTO usage_daily (${USAGE_COLUMNS}) ${usageSelect('audit_records')}`,
  `INSERT INTO latency_daily (day, endpoint_id, calls, buckets) ${latencySelect('audit_records')}`,
  'COMMIT',
];

/**
 * A percentile of a latency histogram (LATENCY_BUCKETS_MS), interpolated linearly within its
 * bucket; null for an empty one. The last (open) bucket reads as its lower bound.
 */
export function histogramPercentile(buckets: readonly number[], q: number): number | null {
  const total = buckets.reduce((a, b) => a + b, 0);
  if (total === 0) return null;
  const rank = q * total;
  let seen = 0;
  for (let i = 0; i < buckets.length; i++) {
    if (buckets[i] === 0) continue;
    if (seen + buckets[i] >= rank) {
      const lower = i === 0 ? 0 : LATENCY_BUCKETS_MS[i - 1];
      if (i >= LATENCY_BUCKETS_MS.length) return lower;
      const upper = LATENCY_BUCKETS_MS[i];
      return lower + ((rank - seen) / buckets[i]) * (upper - lower);
    }
    seen += buckets[i];
  }
  return LATENCY_BUCKETS_MS[LATENCY_BUCKETS_MS.length - 1];
}
