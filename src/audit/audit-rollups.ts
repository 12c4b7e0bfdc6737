import { AUDIT_PARTITIONS_LOCK } from './audit-partitions';

/**
 * The daily rollups of the audit trail (usage_daily and its coarser rollups, latency_daily), defined
 * once: the same aggregates keep them up to date from each inserted batch (the CTE `inserted` of
 * the batch statement) and rebuild them from the table (`npm run rollups:rebuild`).
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

/**
 * The usage rollups, finest first; each key is listed in its primary key's order. usage_daily holds
 * every dimension (any question a coarser one cannot answer: per key, per customer and slug); the
 * others each serve a report that would otherwise sum thousands of its rows per request:
 * - usage_daily_by_tenant: the operator's report by tenant, a page being one range of its key
 *   (tenant, day); and the totals of one tenant's paged report (30 rows for 30 days).
 * - usage_daily_by_endpoint: the operator's reports by slug and by day, and their totals.
 * - usage_daily_by_customer: a tenant's report by customer, a page being one range of its key
 *   (tenant, customer, day).
 * A tenant's reports by slug and by day read usage_daily itself (its key leads with tenant and day,
 * so they read one range of it): a (tenant, day, endpoint) rollup would serve them from fewer rows
 * but cost the writer about as much as the by-customer one (bench/README.md), and they meet the
 * report target without it.
 * Each costs the writer an upsert per group of every batch (bench:audit, bench/README.md).
 */
const USAGE_ROLLUPS: ReadonlyArray<{ table: string; keys: ReadonlyArray<[column: string, expression: string]> }> = [
  {
    table: 'usage_daily',
    keys: [
      ['tenant_id', id('tenant_id')],
      ['day', day],
      ['customer_id', id('customer_id')],
      ['api_key_id', id('api_key_id')],
      ['endpoint_id', id('endpoint_id')],
    ],
  },
  {
    table: 'usage_daily_by_tenant',
    keys: [
      ['tenant_id', id('tenant_id')],
      ['day', day],
    ],
  },
  {
    table: 'usage_daily_by_endpoint',
    keys: [
      ['day', day],
      ['endpoint_id', id('endpoint_id')],
    ],
  },
  {
    table: 'usage_daily_by_customer',
    keys: [
      ['tenant_id', id('tenant_id')],
      ['customer_id', id('customer_id')],
      ['day', day],
    ],
  },
];

const SUMS: ReadonlyArray<[column: string, expression: string]> = [
  ['calls', 'count(*)'],
  ['errors', 'count(*) FILTER (WHERE http_status >= 400)'],
  ['quantity', 'sum(quantity)'],
  ['wholesale_pico_usd', 'sum(wholesale_pico_usd)'],
  ['resale_pico_usd', 'sum(resale_pico_usd)'],
  ['customer_price_pico_usd', 'sum(customer_price_pico_usd)'],
];

type UsageRollup = (typeof USAGE_ROLLUPS)[number];
const [FINEST, ...COARSER] = USAGE_ROLLUPS;

function usageColumns(rollup: UsageRollup): string {
  return [...rollup.keys, ...SUMS].map(([column]) => column).join(', ');
}

const byKeys = (rollup: UsageRollup) => rollup.keys.map((_, i) => i + 1).join(', ');

/** The finest rollup's rows of `source` (audit records): its keys and SUMS, grouped. */
function finestSelect(source: string): string {
  const columns = [...FINEST.keys, ...SUMS].map(([column, expression]) => `${expression} AS ${column}`).join(', ');
  return `SELECT ${columns} FROM ${source} GROUP BY ${byKeys(FINEST)}`;
}

/**
 * A coarser rollup's rows summed from rows of the finest one (`source`: the batch's, or the table):
 * every coarser key is a column of the finest, so each is derived, not recounted from the records.
 */
function coarserSelect(rollup: UsageRollup, source: string): string {
  const columns = [...rollup.keys.map(([column]) => column), ...SUMS.map(([column]) => `sum(${column}) AS ${column}`)].join(', ');
  return `SELECT ${columns} FROM ${source} GROUP BY ${byKeys(rollup)}`;
}

const upsertSums = SUMS.map(([column]) => `${column} = u.${column} + EXCLUDED.${column}`).join(', ');

function upsert(rollup: UsageRollup, select: string): string {
  return (
    `INSERT INTO ${rollup.table} AS u (${usageColumns(rollup)}) SELECT * FROM (${select}) AS batch ORDER BY ${byKeys(rollup)} ` +
    `ON CONFLICT (${rollup.keys.map(([column]) => column).join(', ')}) DO UPDATE SET ${upsertSums}`
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

/**
 * usage_daily_by_meter: the meters of each record (its `meters` JSON: quantity and amounts per
 * meter). A record written before meters existed has none (a spill file of an older gateway
 * replayed after the upgrade, or the trail a rebuild recounts): it counts as its one meter, its
 * slug's unit (the migration's rule), from the record's own columns, in a batch as in a rebuild, so
 * a slug's meter rows always sum to its usage rows' amounts.
 */
const METER_KEYS = `${id('tenant_id')} AS tenant_id, ${day} AS day, ${id('customer_id')} AS customer_id, ${id('endpoint_id')} AS endpoint_id`;
const METER_SUMS = ['quantity', 'wholesale_pico_usd', 'resale_pico_usd', 'customer_price_pico_usd'];
const METER_COLUMNS = `tenant_id, day, customer_id, endpoint_id, meter, ${METER_SUMS.join(', ')}`;
const meterSums = METER_SUMS.map((column, i) => `sum((m.value->>${i})::numeric) AS ${column}`).join(', ');

function meterSelect(source: string): string {
  return `SELECT ${METER_KEYS}, m.key::"Meter" AS meter, ${meterSums} FROM ${source} CROSS JOIN LATERAL jsonb_each(meters) AS m WHERE meters IS NOT NULL GROUP BY 1, 2, 3, 4, 5`;
}

/** The one meter of a record from before meters: its slug's billing unit's (DEFAULT_METER), its figures its own columns. */
const UNIT_METER = `(CASE (SELECT e.billing_unit FROM catalog_endpoints e WHERE e.id = endpoint_id) WHEN 'tokens_1k' THEN 'tokens' WHEN 'image' THEN 'images' WHEN 'minute' THEN 'minutes' WHEN 'generation' THEN 'generations' WHEN 'record' THEN 'records' WHEN 'verification' THEN 'verifications' WHEN 'transaction' THEN 'transactions' WHEN 'call' THEN 'calls' END)::"Meter"`;

function unmeteredSelect(source: string): string {
  return (
    `SELECT ${METER_KEYS}, ${UNIT_METER} AS meter, ${METER_SUMS.map((c) => `sum(${c}) AS ${c}`).join(', ')} ` +
    `FROM ${source} WHERE meters IS NULL AND (quantity <> 0 OR wholesale_pico_usd <> 0 OR resale_pico_usd <> 0 OR customer_price_pico_usd <> 0) ` +
    `AND endpoint_id IN (SELECT id FROM catalog_endpoints) GROUP BY 1, 2, 3, 4, 5`
  );
}

/**
 * The usage_daily_by_meter rows of `source`'s records, both kinds together: a day may hold records
 * of each (an upgrade's day) in the same meter, which must be one row.
 */
function meterRowsSelect(source: string): string {
  return (
    `SELECT tenant_id, day, customer_id, endpoint_id, meter, ${METER_SUMS.map((c) => `sum(${c}) AS ${c}`).join(', ')} ` +
    `FROM (${meterSelect(source)} UNION ALL ${unmeteredSelect(source)}) AS metered GROUP BY 1, 2, 3, 4, 5`
  );
}

const upsertMeterSums = METER_SUMS.map((column) => `${column} = u.${column} + EXCLUDED.${column}`).join(', ');

/**
 * usage_daily_by_endpoint_meter: the meter rows of every tenant per day and endpoint, for the
 * operator's report by slug (usage_daily_by_meter is keyed tenant first: across every tenant, a
 * period would read each tenant's and customer's rows). Summed from usage_daily_by_meter rows.
 */
const ENDPOINT_METER_COLUMNS = `day, endpoint_id, meter, ${METER_SUMS.join(', ')}`;

function endpointMeterSelect(source: string): string {
  return `SELECT day, endpoint_id, meter, ${METER_SUMS.map((c) => `sum(${c})`).join(', ')} FROM ${source} GROUP BY 1, 2, 3`;
}

/**
 * The CTEs that add the rows of `inserted` (the batch statement's RETURNING) to the rollups. The
 * batch is grouped once, by the finest rollup's keys (`batch_usage`); the coarser rollups sum those
 * groups rather than the records again. Rows are upserted in key order, so two batches that touch
 * the same rollup rows lock them in the same order and never deadlock.
 */
export const ROLLUP_BATCH_CTES = [
  `batch_usage AS MATERIALIZED (${finestSelect('inserted')})`,
  `rolled_0 AS (${upsert(FINEST, 'SELECT * FROM batch_usage')})`,
  ...COARSER.map((rollup, i) => `rolled_${i + 1} AS (${upsert(rollup, coarserSelect(rollup, 'batch_usage'))})`),
  `rolled_latency AS (INSERT INTO latency_daily AS l (day, endpoint_id, calls, buckets) ` +
    `SELECT * FROM (${latencySelect('inserted')}) AS batch ORDER BY 2, 1 ` +
    `ON CONFLICT (endpoint_id, day) DO UPDATE SET calls = l.calls + EXCLUDED.calls, ` +
    `buckets = ARRAY(SELECT x.a + x.b FROM unnest(l.buckets, EXCLUDED.buckets) AS x(a, b)))`,
  // The batch's meters grouped once; the coarser meter rollup sums those groups.
  `batch_meters AS MATERIALIZED (${meterRowsSelect('inserted')})`,
  `rolled_meters AS (INSERT INTO usage_daily_by_meter AS u (${METER_COLUMNS}) SELECT * FROM batch_meters ` +
    `ORDER BY 1, 2, 3, 4, 5 ON CONFLICT (tenant_id, day, customer_id, endpoint_id, meter) DO UPDATE SET ${upsertMeterSums})`,
  `rolled_endpoint_meters AS (INSERT INTO usage_daily_by_endpoint_meter AS u (${ENDPOINT_METER_COLUMNS}) ` +
    `SELECT * FROM (${endpointMeterSelect('batch_meters')}) AS batch ` +
    `ORDER BY 1, 2, 3 ON CONFLICT (day, endpoint_id, meter) DO UPDATE SET ${upsertMeterSums})`,
].join(', ');

const ROLLUP_TABLES = [...USAGE_ROLLUPS.map((r) => r.table), 'latency_daily', 'usage_daily_by_meter', 'usage_daily_by_endpoint_meter'];

/**
 * Where the audit trail is complete from: retention's cutoff (audit_retention, a month's start),
 * else the beginning of time. The rollups of the days before it have no raw rows left to be
 * recounted from, so a rebuild keeps them as they are.
 */
const RETAINED_FROM = `coalesce((SELECT purged_before FROM audit_retention WHERE id = 1), '-infinity'::timestamptz)`;
const RETAINED_FROM_DAY = `coalesce((SELECT (purged_before AT TIME ZONE 'UTC')::date FROM audit_retention WHERE id = 1), '-infinity'::date)`;
const RETAINED_RECORDS = `(SELECT * FROM audit_records WHERE created_at >= ${RETAINED_FROM}) AS retained`;

/**
 * Recomputes the rollups from the audit trail (the days it still holds in full), in one
 * transaction. The EXCLUSIVE locks make the audit writers' batches wait (their statements upsert
 * the rollups): a batch that committed before is in the recount, one that waits adds itself
 * after, so the result is exact under live traffic. The partitions' maintenance lock keeps
 * retention from dropping a month while it is being recounted.
 */
export const REBUILD_ROLLUPS_SQL = [
  'BEGIN',
  `SELECT pg_advisory_xact_lock(${AUDIT_PARTITIONS_LOCK})`,
  `LOCK TABLE ${ROLLUP_TABLES.join(', ')} IN EXCLUSIVE MODE`,
  ...ROLLUP_TABLES.map((table) => `DELETE FROM ${table} WHERE day >= ${RETAINED_FROM_DAY}`),
  // The finest from the records, then each coarser one from the finest's recounted days.
  `INSERT INTO ${FINEST.table} (${usageColumns(FINEST)}) ${finestSelect(RETAINED_RECORDS)}`,
  ...COARSER.map(
    (rollup) =>
      `INSERT INTO ${rollup.table} (${usageColumns(rollup)}) ` +
      coarserSelect(rollup, `(SELECT * FROM ${FINEST.table} WHERE day >= ${RETAINED_FROM_DAY}) AS recounted`),
  ),
  `INSERT INTO latency_daily (day, endpoint_id, calls, buckets) ${latencySelect(RETAINED_RECORDS)}`,
  `INSERT INTO usage_daily_by_meter (${METER_COLUMNS}) ${meterRowsSelect(RETAINED_RECORDS)}`,
  `INSERT INTO usage_daily_by_endpoint_meter (${ENDPOINT_METER_COLUMNS}) ` +
    endpointMeterSelect(`(SELECT * FROM usage_daily_by_meter WHERE day >= ${RETAINED_FROM_DAY}) AS recounted`),
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
