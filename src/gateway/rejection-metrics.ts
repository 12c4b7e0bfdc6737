import type { GatewayError } from '../common/errors/error-catalog';
import type { GatewayMetrics } from '../metrics/gateway-metrics';
import type { RateLimitDecision } from '../rate-limit/rate-limit-decision';

/**
 * Counts a public call refused by a limit (429) or a budget (402), by what refused it: the
 * rejecting bucket of the call's limit decision (the one X-RateLimit-* shows), the stream cap, or
 * the budget's subject (its `limit_source`). Other errors are counted with the calls, by code.
 */
export function countRejection(metrics: GatewayMetrics, error: GatewayError, decision: RateLimitDecision | undefined): void {
  switch (error.code) {
    case 'rate_limited':
      metrics.limitRejected(decision?.names[decision.shown] ?? 'unknown');
      return;
    case 'too_many_streams':
      metrics.limitRejected(`streams_per_${String(error.details?.limit)}`);
      return;
    case 'budget_exceeded':
      metrics.budgetRejected(String(error.details?.limit_source));
      return;
    default:
      return;
  }
}
