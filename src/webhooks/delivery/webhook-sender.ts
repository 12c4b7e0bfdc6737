import { Agent, request } from 'undici';
import { publicOnlyLookup, TargetRefusedError, webhookUrlProblem, type Resolve, type TargetPolicy } from './webhook-target';

/** What one attempt came to: the receiver's status, or why there was none. */
export interface SendOutcome {
  /** The HTTP status; null when no answer came (timeout, connection error, refused target). */
  status: number | null;
  /** Why it failed; null for a 2xx. */
  error: string | null;
}

/**
 * POSTs one webhook body. No redirect is followed (a 3xx is a failed attempt: the target is the URL
 * registered), nothing of the answer is kept but its status, and the whole attempt (connect, TLS,
 * request, the answer's head and body) is bounded by `timeoutMs`. The target policy is enforced on
 * the URL (an IP literal host is checked there) and, through the connection's DNS lookup, on every
 * address a hostname resolves to.
 */
export class WebhookSender {
  private readonly agent: Agent;

  constructor(
    private readonly policy: TargetPolicy,
    private readonly timeoutMs: number,
    /** Name resolution (dns.lookup unless a test gives another). */
    resolve?: Resolve,
  ) {
    this.agent = new Agent({
      connect: policy.allowPrivate ? {} : { lookup: publicOnlyLookup(resolve) },
      keepAliveTimeout: 4000,
      connections: 16,
    });
  }

  async post(url: string, headers: Record<string, string>, body: string): Promise<SendOutcome> {
    const problem = webhookUrlProblem(url, this.policy);
    if (problem) return { status: null, error: `target refused: ${problem}` };
    const signal = AbortSignal.timeout(this.timeoutMs);
    try {
      const res = await request(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body,
        dispatcher: this.agent,
        signal,
        headersTimeout: this.timeoutMs,
        bodyTimeout: this.timeoutMs,
      });
      // Read and drop the answer (bounded by the same deadline), so the connection can be reused.
      await res.body.dump({ limit: 64 * 1024, signal }).catch(() => undefined);
      const ok = res.statusCode >= 200 && res.statusCode < 300;
      return { status: res.statusCode, error: ok ? null : `HTTP ${res.statusCode}` };
    } catch (err) {
      return { status: null, error: describe(err, signal, this.timeoutMs) };
    }
  }

  close(): Promise<void> {
    return this.agent.close();
  }
}

function describe(err: unknown, signal: AbortSignal, timeoutMs: number): string {
  if (signal.aborted) return `timeout: no answer within ${timeoutMs} ms`;
  let cause: unknown = err;
  while (cause instanceof Error) {
    if (cause instanceof TargetRefusedError) return `target refused: ${cause.message}`;
    const code = (cause as NodeJS.ErrnoException).code;
    if (code && /^(E[A-Z]+|UND_ERR_[A-Z_]+)$/.test(code)) {
      return code.endsWith('TIMEOUT') ? `timeout: no answer within ${timeoutMs} ms` : `connection failed: ${code}`;
    }
    cause = cause.cause;
  }
  return `connection failed: ${err instanceof Error ? err.message : String(err)}`.slice(0, 500);
}
