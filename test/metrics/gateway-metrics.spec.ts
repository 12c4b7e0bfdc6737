import { register as globalRegistry } from 'prom-client';
import { BUDGET_SOURCES, GatewayMetrics, LIMIT_NAMES } from '../../src/metrics/gateway-metrics';
import { Scrape, series } from '../support/prometheus-text';

/** GatewayMetrics without a server: its registry, its label sets, and the sources read at the scrape. */
describe('GatewayMetrics', () => {
  const scrape = async (metrics: GatewayMetrics) => Scrape.parse(await metrics.exposition());

  it('keeps its own registry: two instances in one process never see each other, and the global registry stays empty', async () => {
    const one = new GatewayMetrics();
    const two = new GatewayMetrics();
    one.callEnded('text.generate', 200, null, 0.012, null);
    one.callEnded('text.generate', 200, null, 0.3, null);
    expect((await scrape(one)).value('gateway_calls_total', { slug: 'text.generate', status: '200', code: 'none' })).toBe(2);
    expect((await scrape(two)).has('gateway_calls_total', { slug: 'text.generate', status: '200', code: 'none' })).toBe(false);
    expect(globalRegistry.getMetricsAsArray()).toEqual([]);
  });

  it('observes call latency in the fixed buckets, per slug and status class; a stream that began in the stream families', async () => {
    const metrics = new GatewayMetrics();
    metrics.callEnded('vision.ocr', 200, null, 0.003, null);
    metrics.callEnded('vision.ocr', 201, null, 0.07, null);
    metrics.callEnded('vision.ocr', 504, 'upstream_timeout', 12, null);
    metrics.callEnded('text.generate', 200, 'stream_timeout', 130, 'timed_out');
    const s = await scrape(metrics);
    const buckets = [...s.samples.keys()]
      .filter((k) => k.startsWith('gateway_call_duration_seconds_bucket{') && k.includes('status_class="2xx"'))
      .map((k) => /le="([^"]+)"/.exec(k)![1]);
    expect(buckets).toEqual(['0.005', '0.01', '0.025', '0.05', '0.1', '0.25', '0.5', '1', '2.5', '5', '10', '+Inf']);
    const bucket = (le: string, statusClass: string) =>
      s.value('gateway_call_duration_seconds_bucket', { slug: 'vision.ocr', status_class: statusClass, le });
    expect([bucket('0.005', '2xx'), bucket('0.1', '2xx'), bucket('10', '5xx'), bucket('+Inf', '5xx')]).toEqual([1, 2, 0, 1]);
    expect(s.value('gateway_calls_total', { slug: 'vision.ocr', status: '504', code: 'upstream_timeout' })).toBe(1);
    expect(s.value('gateway_streams_total', { slug: 'text.generate', outcome: 'timed_out' })).toBe(1);
    expect(s.value('gateway_stream_duration_seconds_count', { slug: 'text.generate' })).toBe(1);
    expect(s.has('gateway_call_duration_seconds_count', { slug: 'text.generate', status_class: '2xx' })).toBe(false);
  });

  it('has a series for every limit and budget source from the start, and counts names outside the sets as `other`', async () => {
    const metrics = new GatewayMetrics();
    const start = await scrape(metrics);
    for (const limit of [...LIMIT_NAMES, 'other'])
      expect([limit, start.has('gateway_limit_rejections_total', { limit })]).toEqual([limit, true]);
    for (const source of [...BUDGET_SOURCES, 'other'])
      expect([source, start.has('gateway_budget_rejections_total', { limit_source: source })]).toEqual([source, true]);
    metrics.limitRejected('tenant');
    metrics.limitRejected('a name nobody listed');
    metrics.budgetRejected('customer');
    metrics.budgetRejected('undefined');
    expect((await scrape(metrics)).deltaSince(start)).toEqual({
      [series('gateway_limit_rejections_total', { limit: 'tenant' })]: 1,
      [series('gateway_limit_rejections_total', { limit: 'other' })]: 1,
      [series('gateway_budget_rejections_total', { limit_source: 'customer' })]: 1,
      [series('gateway_budget_rejections_total', { limit_source: 'other' })]: 1,
    });
  });

  it('labels upstream attempts by upstream name and kind, failures by kind of failure, fallbacks by slug', async () => {
    const metrics = new GatewayMetrics();
    const primary = { name: 'primary', kind: 'openai' };
    metrics.upstreamFailed(primary, 'timeout', 2);
    metrics.fellBack('text.generate', primary);
    metrics.upstreamAnswered({ name: 'backup', kind: 'http' }, 0.02);
    metrics.upstreamAnswered(primary, 0.04);
    const s = await scrape(metrics);
    expect(s.value('gateway_upstream_request_duration_seconds_count', { upstream: 'primary', kind: 'openai', outcome: 'failed' })).toBe(1);
    expect(s.value('gateway_upstream_request_duration_seconds_count', { upstream: 'primary', kind: 'openai', outcome: 'ok' })).toBe(1);
    expect(s.value('gateway_upstream_request_duration_seconds_count', { upstream: 'backup', kind: 'http', outcome: 'ok' })).toBe(1);
    expect(s.value('gateway_upstream_failures_total', { upstream: 'primary', kind: 'openai', failure: 'timeout' })).toBe(1);
    expect(s.value('gateway_upstream_fallbacks_total', { slug: 'text.generate', upstream: 'primary' })).toBe(1);
  });

  it('reads what others own at each scrape: open streams, the audit writer, the Postgres pool, Redis and the event bus', async () => {
    const metrics = new GatewayMetrics();
    let open = 3;
    const audit = { buffered: 7, spilled: 120, spillFailedRecords: 0, deadLettered: 2, written: 5000, failedFlushes: 4 };
    const pool = { totalCount: 6, idleCount: 2, waitingCount: 1, options: { max: 10 } };
    let redisReady = true;
    metrics.collectOpenStreams(() => open);
    metrics.collectAuditWriter(() => audit);
    metrics.collectPostgresPool(pool);
    metrics.collectRedis(() => redisReady);
    metrics.collectEventBus(() => false);
    const first = await scrape(metrics);
    expect(
      Object.fromEntries(
        [
          'gateway_open_streams',
          'gateway_audit_buffered_records',
          'gateway_audit_spilled_records',
          'gateway_audit_spill_failed_records',
          'gateway_audit_dead_lettered_records_total',
          'gateway_audit_written_records_total',
          'gateway_audit_failed_flushes_total',
          'gateway_postgres_pool_connections',
          'gateway_postgres_pool_idle_connections',
          'gateway_postgres_pool_waiting_clients',
          'gateway_postgres_pool_max_connections',
          'gateway_redis_up',
          'gateway_event_bus_listening',
        ].map((name) => [name, first.value(name)]),
      ),
    ).toEqual({
      gateway_open_streams: 3,
      gateway_audit_buffered_records: 7,
      gateway_audit_spilled_records: 120,
      gateway_audit_spill_failed_records: 0,
      gateway_audit_dead_lettered_records_total: 2,
      gateway_audit_written_records_total: 5000,
      gateway_audit_failed_flushes_total: 4,
      gateway_postgres_pool_connections: 6,
      gateway_postgres_pool_idle_connections: 2,
      gateway_postgres_pool_waiting_clients: 1,
      gateway_postgres_pool_max_connections: 10,
      gateway_redis_up: 1,
      gateway_event_bus_listening: 0,
    });
    expect(first.types.get('gateway_audit_written_records_total')).toBe('counter');
    expect(first.types.get('gateway_audit_buffered_records')).toBe('gauge');

    open = 0;
    audit.written = 5010;
    audit.spilled = 0;
    redisReady = false;
    const second = await scrape(metrics);
    expect([second.value('gateway_open_streams'), second.value('gateway_audit_written_records_total')]).toEqual([0, 5010]);
    expect([second.value('gateway_audit_spilled_records'), second.value('gateway_redis_up')]).toEqual([0, 0]);
  });

  it("reads the process's own load: its CPU time, its resident memory, and its event loop's delay since the previous scrape", async () => {
    const metrics = new GatewayMetrics();
    const cpuBefore = process.cpuUsage();
    // The event loop held for 60 ms: the sample taken when Node's 10 ms timer finally runs records it,
    // in the timers phase of the next turn, which the second setImmediate waits for. Node's first tick
    // after the monitor starts only takes its baseline: a short hold first makes sure it has.
    const hold = async (ms: number) => {
      const until = performance.now() + ms;
      while (performance.now() < until);
      for (let turn = 0; turn < 2; turn++) await new Promise<void>((resolve) => setImmediate(resolve));
    };
    await hold(15);
    await hold(60);
    const cpuSpent = process.cpuUsage(cpuBefore);
    const first = await scrape(metrics);
    expect(first.types.get('gateway_process_cpu_seconds_total')).toBe('counter');
    const cpu = first.value('gateway_process_cpu_seconds_total');
    expect(cpu).toBeGreaterThanOrEqual((cpuSpent.user + cpuSpent.system) / 1e6);
    expect(cpu).toBeLessThanOrEqual((process.cpuUsage().user + process.cpuUsage().system) / 1e6);
    expect(first.value('gateway_process_resident_memory_bytes')).toBeGreaterThan(10 * 1024 * 1024);
    expect(first.value('gateway_event_loop_delay_seconds', { quantile: '1' })).toBeGreaterThanOrEqual(0.04);
    expect(first.value('gateway_event_loop_delay_seconds', { quantile: '0.99' })).toBeGreaterThan(0);
    // Restarted at the scrape: the 60 ms are not in the next one.
    const second = await scrape(metrics);
    expect(second.value('gateway_event_loop_delay_seconds', { quantile: '1' })).toBeLessThan(0.04);
    expect(second.value('gateway_process_cpu_seconds_total')).toBeGreaterThanOrEqual(cpu);
  });

  it('exports no Redis series when no Redis source was registered (in-process mode)', async () => {
    const metrics = new GatewayMetrics();
    metrics.collectEventBus(() => true);
    const s = await scrape(metrics);
    expect(s.types.has('gateway_redis_up')).toBe(false);
    expect(s.value('gateway_event_bus_listening')).toBe(1);
  });
});
