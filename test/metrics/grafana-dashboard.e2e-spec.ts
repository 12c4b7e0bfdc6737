import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { GatewayMetrics } from '../../src/metrics/gateway-metrics';
import { GatewayHarness } from '../support/gateway-harness';
import { Scrape } from '../support/prometheus-text';

/**
 * The Grafana dashboard shipped in monitoring/ cannot drift from the metrics: every metric and
 * label its queries use is one the app exports (read from a running app's registry, Redis and all),
 * and every metric family the app exports has a panel.
 */
const DASHBOARD = join(__dirname, '..', '..', 'monitoring', 'gateway-dashboard.json');

/** Labels Prometheus adds to every scraped series (the target's). */
const TARGET_LABELS = ['instance', 'job'];
const HISTOGRAM_SUFFIXES = ['_bucket', '_sum', '_count'];

interface Panel {
  type: string;
  title?: string;
  datasource?: { uid?: string };
  targets?: Array<{ expr: string }>;
  panels?: Panel[];
}

interface Dashboard {
  panels: Panel[];
  templating: { list: Array<{ name: string; type: string; query?: string | { query: string }; datasource?: { uid?: string } }> };
}

interface Family {
  type: string;
  labels: string[];
}

describe('Grafana dashboard (monitoring/gateway-dashboard.json)', () => {
  let gw: GatewayHarness;
  let families: Map<string, Family>;
  const dashboard = JSON.parse(readFileSync(DASHBOARD, 'utf8')) as Dashboard;
  const panels = dashboard.panels.flatMap((p) => [p, ...(p.panels ?? [])]).filter((p) => p.type !== 'row');
  const queries = [
    ...panels.flatMap((p) => (p.targets ?? []).map((t) => ({ where: p.title ?? '?', expr: t.expr }))),
    ...dashboard.templating.list
      .filter((v) => v.type === 'query')
      .map((v) => ({ where: `variable ${v.name}`, expr: typeof v.query === 'string' ? v.query : (v.query?.query ?? '') })),
  ];

  beforeAll(async () => {
    gw = await GatewayHarness.start();
    // prom-client's metric objects carry their label names (untyped in its declarations).
    const registered = gw.app.get(GatewayMetrics).registry.getMetricsAsArray() as unknown as Array<{
      name: string;
      type: string;
      labelNames: string[];
    }>;
    families = new Map(registered.map((m) => [m.name, { type: m.type, labels: m.labelNames }]));
    // What the registry holds is what /metrics serves.
    const res = await fetch(`${gw.url}/metrics`, { headers: { authorization: `Bearer ${gw.adminToken}` } });
    const scraped = Scrape.parse(await res.text());
    expect(new Map([...families].map(([name, f]) => [name, f.type]))).toEqual(scraped.types);
  });

  afterAll(() => gw?.close());

  /** The family a metric name in a query belongs to (a histogram's _bucket, _sum and _count are its own). */
  function familyOf(name: string): { family: string; bucket: boolean } | null {
    if (families.has(name)) return { family: name, bucket: false };
    for (const suffix of HISTOGRAM_SUFFIXES) {
      const base = name.slice(0, -suffix.length);
      if (name.endsWith(suffix) && families.get(base)?.type === 'histogram') return { family: base, bucket: suffix === '_bucket' };
    }
    return null;
  }

  it('has queries for the app to answer', () => {
    expect(panels.length).toBeGreaterThanOrEqual(15);
    expect(queries.length).toBeGreaterThanOrEqual(25);
    expect(families.size).toBeGreaterThanOrEqual(20);
  });

  it('queries only metrics the app exports, with only their labels', () => {
    const problems: string[] = [];
    for (const { where, expr } of queries) {
      const used: string[] = [];
      let bucket = false;
      for (const m of expr.matchAll(/\b(gateway_[a-z0-9_]+)(?:\{([^}]*)\})?/g)) {
        const found = familyOf(m[1]);
        if (!found) {
          problems.push(`${where}: ${m[1]} is not exported`);
          continue;
        }
        used.push(found.family);
        bucket ||= found.bucket;
        const allowed = [...families.get(found.family)!.labels, ...TARGET_LABELS, ...(found.bucket ? ['le'] : [])];
        for (const label of [...(m[2] ?? '').matchAll(/([a-zA-Z_]\w*)\s*(?:=~|!~|!=|=)/g)].map((l) => l[1])) {
          if (!allowed.includes(label)) problems.push(`${where}: ${m[1]} has no label ${label}`);
        }
      }
      const anyLabel = [...used.flatMap((f) => families.get(f)!.labels), ...TARGET_LABELS, ...(bucket ? ['le'] : [])];
      const grouped = [...expr.matchAll(/\b(?:by|without)\s*\(([^)]*)\)/g), ...expr.matchAll(/label_values\([^,]+,\s*(\w+)\)/g)];
      for (const label of grouped.flatMap((g) => g[1].split(',').map((l) => l.trim())).filter(Boolean)) {
        if (!anyLabel.includes(label)) problems.push(`${where}: no metric of "${expr}" has the label ${label}`);
      }
      if (used.length === 0) problems.push(`${where}: "${expr}" uses no gateway metric`);
    }
    expect(problems).toEqual([]);
  });

  it('shows every metric family the app exports', () => {
    const shown = new Set(queries.flatMap(({ expr }) => [...expr.matchAll(/\bgateway_[a-z0-9_]+/g)].map((m) => familyOf(m[0])?.family)));
    expect([...families.keys()].filter((name) => !shown.has(name))).toEqual([]);
  });

  it('reads every panel from the Prometheus data source chosen in its variable', () => {
    const variable = dashboard.templating.list.find((v) => v.type === 'datasource');
    expect(variable).toMatchObject({ name: 'datasource', query: 'prometheus' });
    const elsewhere = panels.filter((p) => p.datasource?.uid !== '${datasource}').map((p) => p.title);
    expect(elsewhere).toEqual([]);
  });
});
