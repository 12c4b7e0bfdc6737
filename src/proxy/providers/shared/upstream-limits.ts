import { Agent } from 'undici';
import type { UpstreamTarget } from '../../../catalog/upstream';
import { ProviderError } from '../../provider.types';

/** Bounds of a whole (non-stream) upstream answer when the upstream sets none of its own. */
export interface UpstreamLimits {
  /** UPSTREAM_MAX_RESPONSE_BYTES: largest body accepted. */
  maxResponseBytes: number;
  /** UPSTREAM_DEADLINE_MS: connect, headers and the whole body within this long. */
  deadlineMs: number;
}

/**
 * undici agents by response-size cap. undici enforces `maxResponseSize` per connection pool (an
 * Agent/Client option, not a request option), so upstreams with different caps need different
 * agents. One agent per distinct cap, created on first use: the operator sets a handful of values,
 * so the map stays small.
 */
export class AgentsBySize {
  private readonly agents = new Map<number, Agent>();

  constructor(private readonly options: Agent.Options) {}

  for(maxResponseBytes: number): Agent {
    let agent = this.agents.get(maxResponseBytes);
    if (!agent) {
      agent = new Agent({ ...this.options, maxResponseSize: maxResponseBytes });
      this.agents.set(maxResponseBytes, agent);
    }
    return agent;
  }

  async close(): Promise<void> {
    await Promise.all([...this.agents.values()].map((a) => a.close()));
  }
}

export function maxResponseBytesOf(target: UpstreamTarget, limits: UpstreamLimits): number {
  return target.maxResponseBytes ?? limits.maxResponseBytes;
}

/** A readable body the deadline can cut (undici's response body). */
interface Cuttable {
  destroy(error?: Error): unknown;
}

/** One whole (non-stream) upstream call under a deadline; see UpstreamDeadlines. */
export class CallDeadline {
  expired = false;
  body: Cuttable | null = null;

  constructor(
    readonly expiresAt: number,
    readonly target: UpstreamTarget,
    private readonly owner: UpstreamDeadlines,
  ) {}

  /** Milliseconds left, for undici's headersTimeout (at least 1). */
  remainingMs(now = Date.now()): number {
    return Math.max(1, this.expiresAt - now);
  }

  /** The body is arriving: from now on the deadline cuts it. */
  watch(body: Cuttable): void {
    this.body = body;
    if (this.expired) body.destroy(this.error());
  }

  /** The failure to report once the deadline passed. */
  error(): ProviderError {
    return new ProviderError(
      'timeout',
      `${this.target.name} did not finish its answer within ${this.target.deadlineMs ?? this.owner.defaultMs} ms`,
    );
  }

  release(): void {
    this.owner.release(this);
  }
}

/**
 * The overall deadline of whole (non-stream) upstream calls: connect, headers and the whole body.
 * undici has no option for it (its timeouts bound the wait for headers and each pause in the body,
 * so a body trickling forever passes them). The wait for headers is bounded by undici's
 * headersTimeout set to what is left of the deadline; the body, by one sweep of every call in
 * flight per `sweepMs`, shared by the process, which destroys the body of a call past its deadline
 * (so the provider fails with ProviderError 'timeout' and fallback moves on). Per call that is an
 * object and a set entry: no AbortController, listener or timer on the hot path. A deadline
 * fires up to `sweepMs` late.
 */
export class UpstreamDeadlines {
  private readonly inFlight = new Set<CallDeadline>();
  private sweeper: NodeJS.Timeout | null = null;

  constructor(
    readonly defaultMs: number,
    private readonly sweepMs = 100,
  ) {}

  start(target: UpstreamTarget): CallDeadline {
    const deadline = new CallDeadline(Date.now() + (target.deadlineMs ?? this.defaultMs), target, this);
    this.inFlight.add(deadline);
    this.sweeper ??= setInterval(() => this.sweep(), this.sweepMs).unref();
    return deadline;
  }

  release(deadline: CallDeadline): void {
    this.inFlight.delete(deadline);
  }

  sweep(now = Date.now()): void {
    for (const deadline of this.inFlight) {
      if (deadline.expiresAt > now) continue;
      deadline.expired = true;
      this.inFlight.delete(deadline);
      deadline.body?.destroy(deadline.error());
    }
  }

  close(): void {
    if (this.sweeper) clearInterval(this.sweeper);
    this.sweeper = null;
  }
}
