/**
 * The Prometheus text exposition format (0.0.4) as the tests read it: each sample by its series
 * (name and sorted labels, e.g. `gateway_calls_total{code="none",slug="x",status="200"}`), and
 * each metric family's type from its `# TYPE` line.
 */
export class Scrape {
  private constructor(
    readonly samples: ReadonlyMap<string, number>,
    readonly types: ReadonlyMap<string, string>,
    readonly text: string,
  ) {}

  static parse(text: string): Scrape {
    const samples = new Map<string, number>();
    const types = new Map<string, string>();
    for (const line of text.split('\n')) {
      if (line === '' || line.startsWith('# HELP ')) continue;
      const type = /^# TYPE (\S+) (\S+)$/.exec(line);
      if (type) {
        types.set(type[1], type[2]);
        continue;
      }
      const sample = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
      if (!sample) throw new Error(`not a sample line: ${line}`);
      const labels = sample[2] ? parseLabels(sample[2]) : {};
      const value = sample[3] === '+Inf' ? Infinity : sample[3] === '-Inf' ? -Infinity : Number(sample[3]);
      samples.set(series(sample[1], labels), value);
    }
    return new Scrape(samples, types, text);
  }

  /** A sample's value; 0 when the series is absent (a counter not moved yet). */
  value(name: string, labels: Record<string, string> = {}): number {
    return this.samples.get(series(name, labels)) ?? 0;
  }

  /** Whether the series exists. */
  has(name: string, labels: Record<string, string> = {}): boolean {
    return this.samples.has(series(name, labels));
  }

  /**
   * What moved since `before`: every series whose value differs (new series included), with its
   * difference, for the series `keep` accepts. The process's own load (its CPU, memory and event
   * loop) moves by itself and is never in it.
   */
  deltaSince(before: Scrape, keep: (series: string) => boolean = () => true): Record<string, number> {
    const delta: Record<string, number> = {};
    for (const [key, value] of this.samples) {
      if (PROCESS_LOAD.test(key) || !keep(key)) continue;
      const change = value - (before.samples.get(key) ?? 0);
      if (change !== 0) delta[key] = change;
    }
    return delta;
  }
}

/** The series of the process's own load (GatewayMetrics.collectProcess). */
const PROCESS_LOAD = /^gateway_(process_|event_loop_)/;

/** `name{a="1",b="2"}` with the labels sorted by name, or `name` alone. */
export function series(name: string, labels: Record<string, string> = {}): string {
  const keys = Object.keys(labels).sort();
  if (keys.length === 0) return name;
  return `${name}{${keys.map((k) => `${k}=${JSON.stringify(labels[k])}`).join(',')}}`;
}

/** `a="1",b="x\"y"` → { a: '1', b: 'x"y' } (the format escapes \\, \" and \n in values). */
function parseLabels(text: string): Record<string, string> {
  const labels: Record<string, string> = {};
  const pair = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)",?/g;
  let consumed = 0;
  for (const m of text.matchAll(pair)) {
    if (m.index !== consumed) throw new Error(`malformed labels: {${text}}`);
    labels[m[1]] = m[2].replace(/\\(.)/g, (_, c: string) => (c === 'n' ? '\n' : c));
    consumed = m.index + m[0].length;
  }
  if (consumed !== text.length) throw new Error(`malformed labels: {${text}}`);
  return labels;
}
