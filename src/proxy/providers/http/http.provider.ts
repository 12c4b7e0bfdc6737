import { request } from 'undici';
import type { UpstreamTarget } from '../../../catalog/upstream';
import { Provider, ProviderError, ProviderRequest, ProviderResult, Usage } from '../../provider.types';
import { DEFAULT_METER } from '../../../catalog/meters';
import { estimatedUsage, reportedUsage } from '../shared/usage';
import { EstimateBasis, estimateMeter } from '../shared/usage-estimates';
import { mappedUsage } from './mapped-usage';
import { classify, upstreamHeaders, upstreamUrl } from '../shared/upstream-http';
import { AgentsBySize, maxResponseBytesOf, UpstreamDeadlines, UpstreamLimits } from '../shared/upstream-limits';

/**
 * A generic JSON-over-HTTP upstream. Contract (docs/concepts/upstreams.md): the caller's input is
 * sent as the JSON body (POST) or query string (GET) to baseUrl + path; a 2xx JSON answer is the
 * result; usage comes from the upstream's usage mapping when it has one (mapped-usage.ts), else
 * from `usage.quantity` (base measure) or `usage.total_tokens` when present.
 * An answer over the upstream's size cap or past its deadline is a failed call (fallback applies).
 */
export class HttpProvider implements Provider {
  readonly kind = 'http' as const;
  /** Pooled keep-alive agents for every http upstream of this process, one per response-size cap. */
  private readonly agents = new AgentsBySize({ keepAliveTimeout: 30_000, connections: 512, pipelining: 1 });

  private readonly deadlines: UpstreamDeadlines;

  constructor(private readonly limits: UpstreamLimits) {
    this.deadlines = new UpstreamDeadlines(limits.deadlineMs);
  }

  async call(target: UpstreamTarget, req: ProviderRequest): Promise<ProviderResult> {
    // undici's own timers bound the wait for headers and between body chunks, its maxResponseSize
    // the body's size; the deadline bounds the whole (the headers wait, then the body).
    const deadline = this.deadlines.start(target);
    try {
      const response = await request(upstreamUrl(target, req), {
        method: req.method,
        headers: upstreamHeaders(target, req, req.method === 'POST' ? 'application/json' : null),
        body: req.method === 'POST' ? JSON.stringify(req.input) : undefined,
        signal: req.signal,
        headersTimeout: Math.min(target.timeoutMs, deadline.remainingMs()),
        bodyTimeout: target.timeoutMs,
        dispatcher: this.agents.for(maxResponseBytesOf(target, this.limits)),
      });
      deadline.watch(response.body);
      if (response.statusCode >= 300) {
        await response.body.dump();
        throw new ProviderError('status', `upstream answered ${response.statusCode}`, response.statusCode);
      }
      let body: unknown;
      try {
        body = await response.body.json();
      } catch (err) {
        // Not JSON is the upstream's fault; a body that stalls, breaks or runs past a limit counts like a failed call.
        throw err instanceof SyntaxError ? new ProviderError('invalid_response', 'upstream answer is not JSON') : err;
      }
      const call = new EstimateBasis(req.input, body);
      const usage = target.usageMapping ? mappedUsage(target.usageMapping, body, response.headers, call) : usageOf(body, req, call);
      return { result: body, usage };
    } catch (err) {
      throw deadline.expired && !req.signal.aborted ? deadline.error() : classify(err, req.signal, target);
    } finally {
      deadline.release();
    }
  }

  async close(): Promise<void> {
    this.deadlines.close();
    await this.agents.close();
  }
}

/** The generic contract: `usage.quantity` or `usage.total_tokens`, in the slug's unit; else the estimate of that unit's meter. */
function usageOf(body: unknown, req: ProviderRequest, call: EstimateBasis): Usage {
  const usage = (body as { usage?: unknown } | null)?.usage;
  const fields = typeof usage === 'object' && usage !== null ? (usage as Record<string, unknown>) : undefined;
  // A `usage` that is not an object is a malformed report (kept, to be logged as rejected), not a quantity.
  const reported = fields ? (fields.quantity ?? fields.total_tokens) : usage === undefined || usage === null ? undefined : { usage };
  // Only records may honestly be 0 (an enrichment that matched nothing).
  const meter = DEFAULT_METER[req.billingUnit];
  return reportedUsage(meter, reported, req.billingUnit === 'record') ?? estimatedUsage(meter, reported, estimateMeter(meter, call));
}
