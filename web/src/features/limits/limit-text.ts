/** Request limits in words on every page: "5 per minute (60 s)", with the gateway's configured window. */
import { formatLimit, formatWindow } from '../../lib/format';
import { useRateLimitWindow } from '../plans/public-queries';

/** Formats a limit with the configured window (the public plans' rate_limit_window_seconds); `short`: without its seconds (a placeholder). */
export function useLimitText(): (requests: number, short?: boolean) => string {
  const windowSeconds = useRateLimitWindow();
  return (requests, short = false) => formatLimit(requests, windowSeconds, !short);
}

/** The window alone, "per minute (60 s)", for a narrow column that puts the count above it. */
export function useWindowText(): string {
  const windowSeconds = useRateLimitWindow();
  return `per ${windowSeconds ? formatWindow(windowSeconds) : 'window'}`;
}
