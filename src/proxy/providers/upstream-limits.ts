import { Agent } from 'undici';
import { ProviderError, UpstreamTarget } from '../provider.types';

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

/**
 * The overall deadline of one whole upstream call: a signal that aborts when the caller goes away
 * or when `deadlineMs` has passed since the call started, whichever is first. undici has no
 * option for this (its timeouts bound the wait for headers and each pause in the body, so a body
 * trickling forever passes them), hence one controller, one listener and one timer per call,
 * non-stream calls only; dispose() removes the last two. Past the deadline the request fails with
 * ProviderError 'timeout', which fallback treats like any timeout.
 */
export class CallDeadline {
  private readonly controller = new AbortController();
  private readonly timer: NodeJS.Timeout;
  private readonly onCallerAbort = () => this.controller.abort();

  constructor(
    private readonly caller: AbortSignal,
    target: UpstreamTarget,
    limits: UpstreamLimits,
  ) {
    const deadlineMs = target.deadlineMs ?? limits.deadlineMs;
    if (caller.aborted) this.controller.abort();
    else caller.addEventListener('abort', this.onCallerAbort, { once: true });
    this.timer = setTimeout(
      () => this.controller.abort(new ProviderError('timeout', `${target.name} did not finish its answer within ${deadlineMs} ms`)),
      deadlineMs,
    );
  }

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  dispose(): void {
    clearTimeout(this.timer);
    this.caller.removeEventListener('abort', this.onCallerAbort);
  }
}
