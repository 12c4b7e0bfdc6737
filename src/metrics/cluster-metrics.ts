import cluster, { type Worker } from 'node:cluster';
import { AggregatorRegistry, type MetricObjectWithValues, type MetricValue, type Registry } from 'prom-client';

/** One metric family as `registry.getMetricsAsJSON()` gives it: what crosses the IPC channel. */
type Metric = MetricObjectWithValues<MetricValue<string>>;

/**
 * Metrics of a gateway run as several processes (GATEWAY_PROCESSES > 1, node:cluster). A scrape
 * reaches whichever worker the primary hands the connection to, so a worker's own counters would
 * jump from scrape to scrape. Instead the worker asks the primary, which collects every worker's
 * registry over the cluster's IPC channel and answers their sum (prom-client's aggregation:
 * counters, histograms and gauges add up), so a scrape sees the whole deployment on this machine.
 *
 * The messages carry `gatewayMetrics` so they never mix with others on the channel.
 */
type MetricsMessage =
  | { gatewayMetrics: 'request'; id: number }
  | { gatewayMetrics: 'collect'; id: number }
  | { gatewayMetrics: 'part'; id: number; metrics: Metric[] }
  | { gatewayMetrics: 'answer'; id: number; text: string }
  | { gatewayMetrics: 'failed'; id: number; reason: string };

const isMetricsMessage = (message: unknown): message is MetricsMessage =>
  typeof message === 'object' && message !== null && 'gatewayMetrics' in message;

/** How long the primary waits for every worker's part: a worker stuck longer is left out of that scrape. */
const COLLECT_TIMEOUT_MS = 2_000;
/** How long a worker waits for the primary's answer before the scrape fails (500). */
const ANSWER_TIMEOUT_MS = 5_000;

// ------------------------------------------------------------------------------------------------
// In a worker
// ------------------------------------------------------------------------------------------------

let answerCollect: ((id: number) => void) | null = null;
let nextRequest = 1;
const waiting = new Map<number, { resolve: (text: string) => void; reject: (err: Error) => void }>();

function onWorkerMessage(message: unknown): void {
  if (!isMetricsMessage(message)) return;
  if (message.gatewayMetrics === 'collect') answerCollect?.(message.id);
  else if (message.gatewayMetrics === 'answer' || message.gatewayMetrics === 'failed') {
    const request = waiting.get(message.id);
    waiting.delete(message.id);
    if (message.gatewayMetrics === 'answer') request?.resolve(message.text);
    else request?.reject(new Error(message.reason));
  }
}

/** In a worker: this registry is the worker's part of every scrape (one app, so one registry, per worker). */
export function shareWorkerMetrics(registry: Registry): void {
  if (!cluster.isWorker) return;
  if (!answerCollect) process.on('message', onWorkerMessage);
  answerCollect = (id) => {
    void registry.getMetricsAsJSON().then(
      (metrics) => process.send?.({ gatewayMetrics: 'part', id, metrics } satisfies MetricsMessage),
      () => process.send?.({ gatewayMetrics: 'part', id, metrics: [] } satisfies MetricsMessage),
    );
  };
}

/** In a worker: every worker's metrics, summed by the primary, in the Prometheus text format. */
export function clusterExposition(): Promise<string> {
  const id = nextRequest++;
  return new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      waiting.delete(id);
      reject(new Error('the primary did not answer the metrics request'));
    }, ANSWER_TIMEOUT_MS);
    const settle =
      <T>(done: (value: T) => void) =>
      (value: T) => {
        clearTimeout(timer);
        done(value);
      };
    waiting.set(id, { resolve: settle(resolve), reject: settle(reject) });
    process.send?.({ gatewayMetrics: 'request', id } satisfies MetricsMessage);
  });
}

// ------------------------------------------------------------------------------------------------
// In the primary
// ------------------------------------------------------------------------------------------------

interface Collection {
  parts: Metric[][];
  expected: number;
  done: () => void;
}

/** The primary's side: answers a worker's request with the sum of every live worker's metrics. */
export class ClusterMetricsCollector {
  private nextCollection = 1;
  private readonly collections = new Map<number, Collection>();

  /** Whether the message was a metrics message (then handled here). */
  handle(from: Worker, message: unknown, workers: () => Array<Worker>): boolean {
    if (!isMetricsMessage(message)) return false;
    if (message.gatewayMetrics === 'request') void this.answer(from, message.id, workers());
    else if (message.gatewayMetrics === 'part') {
      const collection = this.collections.get(message.id);
      if (collection) {
        collection.parts.push(message.metrics);
        if (collection.parts.length === collection.expected) collection.done();
      }
    }
    return true;
  }

  private async answer(asker: Worker, id: number, workers: Array<Worker>): Promise<void> {
    const collectionId = this.nextCollection++;
    const live = workers.filter((worker) => worker.isConnected());
    const parts: Metric[][] = [];
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, COLLECT_TIMEOUT_MS);
      this.collections.set(collectionId, {
        parts,
        expected: live.length,
        done: () => {
          clearTimeout(timer);
          resolve();
        },
      });
      for (const worker of live) worker.send({ gatewayMetrics: 'collect', id: collectionId } satisfies MetricsMessage);
    });
    this.collections.delete(collectionId);
    if (!asker.isConnected()) return;
    try {
      const text = await AggregatorRegistry.aggregate(parts).metrics();
      asker.send({ gatewayMetrics: 'answer', id, text } satisfies MetricsMessage);
    } catch (err) {
      asker.send({ gatewayMetrics: 'failed', id, reason: err instanceof Error ? err.message : String(err) } satisfies MetricsMessage);
    }
  }
}
