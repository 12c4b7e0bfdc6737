/** No retry waits longer than this, however many attempts failed. */
export const MAX_RETRY_DELAY_MS = 3_600_000;

/**
 * The wait after failed attempt `attempt` (1, 2, …): exponential backoff, `baseMs` × 2^(attempt − 1)
 * up to an hour, with ±20 % jitter so that receivers coming back from an outage are not hit by every
 * retry at once. With the default 30 s base: about 30 s, 1 min, 2, 4, 8, 16, 32 min, then hourly
 * until the delivery's retry window (24 h) ends, some 30 attempts in all.
 */
export function retryDelayMs(attempt: number, baseMs: number, random: () => number = Math.random): number {
  const exponential = Math.min(baseMs * 2 ** Math.min(attempt - 1, 40), MAX_RETRY_DELAY_MS);
  return Math.round(exponential * (0.8 + 0.4 * random()));
}
