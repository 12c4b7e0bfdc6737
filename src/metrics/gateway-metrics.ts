import cluster from 'node:cluster';
import { monitorEventLoopDelay, type IntervalHistogram } from 'node:perf_hooks';
import { Counter, Gauge, Histogram, Registry, type Aggregator } from 'prom-client';
import type { ErrorCode } from '../common/errors/error-catalog';
import { clusterExposition, shareWorkerMetrics } from './cluster-metrics';

/**
 * The slug label of a public call whose path names no catalog endpoint (or no slug at all): one
 * fixed value, so that guessed slugs never create series.
 */
export const UNKNOWN_SLUG = 'unknown';

/** The `code` label of a call that ended without an error. */
const NO_ERROR = 'none';

/** Label value for a limit name or budget source outside the fixed sets below (a new one not listed yet). */
const OTHER = 'other';

/**
 * The limits whose refusal is counted: the rate-limit buckets of a call (RateLimitService's names)
 * and the two stream caps (StreamSlots). A fixed set: each has its series from the start.
 */
export const LIMIT_NAMES = [
  'endpoint',
  'key',
  'customer_endpoint',
  'customer',
  'tenant',
  'invalid',
  'streams_per_key',
  'streams_per_process',
] as const;

/** What a budget_exceeded names as its `limit_source`. */
export const BUDGET_SOURCES = ['key', 'customer', 'tenant'] as const;

/** Latency buckets in seconds, shared by calls and upstream attempts: few, fixed (each is one series per label set). */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** Streams last from seconds to STREAM_MAX_DURATION_MS (30 min by default). */
const STREAM_BUCKETS = [1, 5, 15, 60, 300, 900, 1800];

/** An upstream as the metrics see it: its operator-given name and its provider kind (both bounded by the catalog). */
export interface UpstreamLabels {
  readonly name: string;
  readonly kind: string;
}

/** The audit writer's counts (AuditWriterService.stats()), read at each scrape. */
export interface AuditWriterCounts {
  buffered: number;
  spilled: number;
  spillFailedRecords: number;
  deadLettered: number;
  written: number;
  failedFlushes: number;
}

/** A pg Pool's counts and size, read at each scrape. */
export interface PoolCounts {
  readonly totalCount: number;
  readonly idleCount: number;
  readonly waitingCount: number;
  readonly options: { max?: number };
}

interface CounterChild {
  inc(value?: number): void;
}
interface HistogramChild {
  observe(value: number): void;
}

/**
 * The label children of one slug, created on its first call and reused, so that a call builds no
 * label object (prom-client still joins its series key on each increment).
 */
interface SlugSeries {
  /** status → error code (or NO_ERROR) → gateway_calls_total child. */
  readonly calls: Map<number, Map<string, CounterChild>>;
  /** status → gateway_call_duration_seconds child (of the status class). */
  readonly duration: Map<number, HistogramChild>;
  /** stream outcome → gateway_streams_total child. */
  readonly streams: Map<string, CounterChild>;
  readonly streamDuration: HistogramChild;
}

interface UpstreamSeries {
  readonly ok: HistogramChild;
  readonly failed: HistogramChild;
}

/** The process's event-loop delay histogram: one per process, shared by every app in it (tests run several). */
let loopDelay: IntervalHistogram | undefined;
function eventLoopDelay(): IntervalHistogram {
  if (!loopDelay) {
    loopDelay = monitorEventLoopDelay({ resolution: 10 });
    loopDelay.enable();
  }
  return loopDelay;
}

/**
 * The gateway's Prometheus metrics: one prom-client Registry per app instance (never the global
 * default registry: tests run several apps in one process), every metric family the gateway
 * exports, and the methods that move them.
 *
 * Labels are bounded by the catalog and by fixed sets: slugs of catalog endpoints (else
 * `unknown`), HTTP statuses, error codes, upstream names and kinds, limit names, budget sources.
 * Never a key, tenant, customer or request id, nor a client address.
 *
 * The hot path (one call's count and latency, one upstream attempt's latency) reuses label
 * children cached per slug / status / upstream. What other modules own (open streams, the audit
 * writer, the Postgres pool, Redis) is read from them at scrape time, through the `collect…`
 * sources they register, and costs their calls nothing.
 */
export class GatewayMetrics {
  readonly registry = new Registry();

  private readonly callsTotal: Counter<'slug' | 'status' | 'code'>;
  private readonly callDuration: Histogram<'slug' | 'status_class'>;
  private readonly streamsTotal: Counter<'slug' | 'outcome'>;
  private readonly streamDuration: Histogram<'slug'>;
  private readonly upstreamDuration: Histogram<'upstream' | 'kind' | 'outcome'>;
  private readonly upstreamFailures: Counter<'upstream' | 'kind' | 'failure'>;
  private readonly upstreamFallbacks: Counter<'slug' | 'upstream'>;
  /** Children of gateway_limit_rejections_total and gateway_budget_rejections_total, one per value of the fixed sets. */
  private readonly limitRejections = new Map<string, CounterChild>();
  private readonly budgetRejections = new Map<string, CounterChild>();

  private readonly slugs = new Map<string, SlugSeries>();
  /** Keyed by the catalog's upstream object: a catalog reload brings new objects, and the old ones' entries go with them. */
  private readonly upstreams = new WeakMap<UpstreamLabels, UpstreamSeries>();

  constructor() {
    shareWorkerMetrics(this.registry);
    const registers = [this.registry];
    this.callsTotal = new Counter({
      name: 'gateway_calls_total',
      help: 'Public calls, counted when their audit record is queued, by slug, HTTP status (499: the client left) and error code (none).',
      labelNames: ['slug', 'status', 'code'],
      registers,
    });
    this.callDuration = new Histogram({
      name: 'gateway_call_duration_seconds',
      help: 'Time from arrival until a public call settled, by slug and status class; streams that began are in gateway_stream_duration_seconds instead.',
      labelNames: ['slug', 'status_class'],
      buckets: LATENCY_BUCKETS,
      registers,
    });
    this.streamsTotal = new Counter({
      name: 'gateway_streams_total',
      help: 'Streams that began (their 200 was sent), by slug and how they ended: completed, aborted, errored, timed_out.',
      labelNames: ['slug', 'outcome'],
      registers,
    });
    this.streamDuration = new Histogram({
      name: 'gateway_stream_duration_seconds',
      help: 'Whole duration of the streams that began, by slug.',
      labelNames: ['slug'],
      buckets: STREAM_BUCKETS,
      registers,
    });
    this.upstreamDuration = new Histogram({
      name: 'gateway_upstream_request_duration_seconds',
      help: 'One attempt at an upstream (a stream: until its first chunk), by upstream name, provider kind and outcome (ok, failed).',
      labelNames: ['upstream', 'kind', 'outcome'],
      buckets: LATENCY_BUCKETS,
      registers,
    });
    this.upstreamFailures = new Counter({
      name: 'gateway_upstream_failures_total',
      help: 'Failed upstream attempts, by upstream name, provider kind and failure (connect, timeout, status, invalid_response, aborted, unsupported).',
      labelNames: ['upstream', 'kind', 'failure'],
      registers,
    });
    this.upstreamFallbacks = new Counter({
      name: 'gateway_upstream_fallbacks_total',
      help: 'Times a call moved on to the next upstream after a retryable failure, by slug and the upstream that failed.',
      labelNames: ['slug', 'upstream'],
      registers,
    });
    const limitRejections = new Counter({
      name: 'gateway_limit_rejections_total',
      help: 'Public calls refused with 429 (rate_limited or too_many_streams), by the limit that refused them.',
      labelNames: ['limit'],
      registers,
    });
    for (const limit of [...LIMIT_NAMES, OTHER]) this.limitRejections.set(limit, limitRejections.labels(limit));
    const budgetRejections = new Counter({
      name: 'gateway_budget_rejections_total',
      help: 'Public calls refused with 402 budget_exceeded, by the budget that refused them (limit_source: key, customer, tenant).',
      labelNames: ['limit_source'],
      registers,
    });
    for (const source of [...BUDGET_SOURCES, OTHER]) this.budgetRejections.set(source, budgetRejections.labels(source));
    // Zero from the start, so that rate() and the dashboard see the series before the first rejection.
    for (const child of [...this.limitRejections.values(), ...this.budgetRejections.values()]) child.inc(0);
    this.collectProcess();
  }

  /**
   * The process's own load, read at each scrape: the signal that a process is out of CPU (add
   * processes, docs/operate/scaling.md) before its calls slow down. The event loop's delay is what
   * every call waits on top of its own work: sampled by Node every 10 ms, restarted at each scrape
   * (as prom-client's own nodejs_eventloop_lag_* are).
   */
  private collectProcess(): void {
    const delay = eventLoopDelay();
    this.counter('gateway_process_cpu_seconds_total', 'CPU time (user + system) of the process.', () => {
      const { user, system } = process.cpuUsage();
      return (user + system) / 1e6;
    });
    this.gauge('gateway_process_resident_memory_bytes', 'Resident memory of the process.', () => process.memoryUsage.rss());
    new Gauge({
      name: 'gateway_event_loop_delay_seconds',
      help:
        "The event loop's delay since the previous scrape: its 99th percentile (quantile 0.99) and its longest (quantile 1); " +
        'the highest of the processes of a GATEWAY_PROCESSES gateway.',
      labelNames: ['quantile'],
      aggregator: 'max',
      registers: [this.registry],
      collect() {
        // Before its first sample Node reports NaN and a maximum of 0.
        const sampled = delay.count > 0;
        this.set({ quantile: '0.99' }, sampled ? delay.percentile(99) / 1e9 : 0);
        this.set({ quantile: '1' }, sampled ? delay.max / 1e9 : 0);
        delay.reset();
      },
    });
  }

  /** The Content-Type of `exposition()`. */
  get contentType(): string {
    return this.registry.contentType;
  }

  /**
   * Every metric in the Prometheus text format (the scrape's answer); in a worker of several
   * processes, every worker's summed by the primary (cluster-metrics.ts).
   */
  exposition(): Promise<string> {
    return cluster.isWorker ? clusterExposition() : this.registry.metrics();
  }

  // -----------------------------------------------------------------------------------------------
  // Recorded as things happen
  // -----------------------------------------------------------------------------------------------

  /**
   * A public call ended (its audit record is being queued). `slug` must be a catalog slug or
   * UNKNOWN_SLUG; `streamOutcome` is set when a stream began, whose duration `seconds` then is.
   */
  callEnded(slug: string, status: number, code: ErrorCode | null, seconds: number, streamOutcome: string | null): void {
    const series = this.slugs.get(slug) ?? this.addSlug(slug);
    let byCode = series.calls.get(status);
    if (!byCode) series.calls.set(status, (byCode = new Map<string, CounterChild>()));
    const codeLabel = code ?? NO_ERROR;
    let calls = byCode.get(codeLabel);
    if (!calls) byCode.set(codeLabel, (calls = this.callsTotal.labels(slug, String(status), codeLabel)));
    calls.inc();
    if (streamOutcome === null) {
      let duration = series.duration.get(status);
      if (!duration) series.duration.set(status, (duration = this.callDuration.labels(slug, `${Math.floor(status / 100)}xx`)));
      duration.observe(seconds);
      return;
    }
    let streams = series.streams.get(streamOutcome);
    if (!streams) series.streams.set(streamOutcome, (streams = this.streamsTotal.labels(slug, streamOutcome)));
    streams.inc();
    series.streamDuration.observe(seconds);
  }

  /** An upstream answered (a stream: sent its first chunk) after `seconds`. */
  upstreamAnswered(upstream: UpstreamLabels, seconds: number): void {
    (this.upstreams.get(upstream) ?? this.addUpstream(upstream)).ok.observe(seconds);
  }

  /** An attempt at an upstream failed after `seconds` (`failure`: ProviderError's kind). */
  upstreamFailed(upstream: UpstreamLabels, failure: string, seconds: number): void {
    (this.upstreams.get(upstream) ?? this.addUpstream(upstream)).failed.observe(seconds);
    this.upstreamFailures.labels(upstream.name, upstream.kind, failure).inc();
  }

  /** A call of `slug` moved on from the upstream `from`, which failed, to the next one. */
  fellBack(slug: string, from: UpstreamLabels): void {
    this.upstreamFallbacks.labels(slug, from.name).inc();
  }

  /** A call was refused by this limit (429). */
  limitRejected(limit: string): void {
    (this.limitRejections.get(limit) ?? this.limitRejections.get(OTHER)!).inc();
  }

  /** A call was refused by the budget of this subject (402). */
  budgetRejected(source: string): void {
    (this.budgetRejections.get(source) ?? this.budgetRejections.get(OTHER)!).inc();
  }

  private addSlug(slug: string): SlugSeries {
    const series: SlugSeries = {
      calls: new Map(),
      duration: new Map(),
      streams: new Map(),
      streamDuration: this.streamDuration.labels(slug),
    };
    this.slugs.set(slug, series);
    return series;
  }

  private addUpstream(upstream: UpstreamLabels): UpstreamSeries {
    const series: UpstreamSeries = {
      ok: this.upstreamDuration.labels(upstream.name, upstream.kind, 'ok'),
      failed: this.upstreamDuration.labels(upstream.name, upstream.kind, 'failed'),
    };
    this.upstreams.set(upstream, series);
    return series;
  }

  // -----------------------------------------------------------------------------------------------
  // Read from their owners at each scrape: each owner registers its source once per app
  // -----------------------------------------------------------------------------------------------

  /** Open streams of this process (StreamSlots). */
  collectOpenStreams(read: () => number): void {
    this.gauge('gateway_open_streams', 'Streams open in this process.', read);
  }

  /** The audit writer's buffer, spill and dead letters. */
  collectAuditWriter(read: () => AuditWriterCounts): void {
    const field = (name: keyof AuditWriterCounts) => () => read()[name];
    this.gauge('gateway_audit_buffered_records', 'Audit records in memory, waiting for their batch insert.', field('buffered'));
    this.gauge('gateway_audit_spilled_records', 'Audit records spilled to disk (DATA_DIR), waiting for replay.', field('spilled'));
    this.gauge(
      'gateway_audit_spill_failed_records',
      'Audit records whose spill to disk failed: held only in memory (the process then reports not ready).',
      field('spillFailedRecords'),
    );
    this.counter('gateway_audit_written_records_total', 'Audit records written to Postgres.', field('written'));
    this.counter(
      'gateway_audit_dead_lettered_records_total',
      'Audit records Postgres refused for their data, set aside as dead letters.',
      field('deadLettered'),
    );
    this.counter(
      'gateway_audit_failed_flushes_total',
      'Audit batch inserts that failed (retried, or spilled to disk).',
      field('failedFlushes'),
    );
  }

  /** The Postgres connection pool. */
  collectPostgresPool(pool: PoolCounts): void {
    this.gauge('gateway_postgres_pool_connections', 'Connections of the Postgres pool, busy or idle.', () => pool.totalCount);
    this.gauge('gateway_postgres_pool_idle_connections', 'Idle connections of the Postgres pool.', () => pool.idleCount);
    this.gauge(
      'gateway_postgres_pool_waiting_clients',
      'Queries waiting for a connection of the Postgres pool (every connection busy).',
      () => pool.waitingCount,
    );
    this.gauge('gateway_postgres_pool_max_connections', 'Size of the Postgres pool.', () => pool.options.max ?? 10);
  }

  /** Redis: whether the command connection is ready. Not registered without REDIS_URL (in-process stand-ins). */
  collectRedis(ready: () => boolean): void {
    this.gauge('gateway_redis_up', 'Whether the Redis command connection is ready (1) or not (0).', () => Number(ready()));
  }

  /** Whether this process hears the cache invalidations the other processes publish. */
  collectEventBus(listening: () => boolean): void {
    this.gauge(
      'gateway_event_bus_listening',
      "Whether this process is subscribed to the other processes' cache invalidations (always 1 without Redis).",
      () => Number(listening()),
    );
  }

  /** `aggregator`: how the workers of a GATEWAY_PROCESSES gateway combine into one scrape (their sum unless told). */
  private gauge(name: string, help: string, read: () => number, aggregator: Aggregator = 'sum'): void {
    new Gauge({
      name,
      help,
      aggregator,
      registers: [this.registry],
      collect() {
        this.set(read());
      },
    });
  }

  /** A count its owner keeps since the process started, exported as a counter. */
  private counter(name: string, help: string, read: () => number): void {
    new Counter({
      name,
      help,
      registers: [this.registry],
      collect() {
        this.reset();
        this.inc(read());
      },
    });
  }
}
