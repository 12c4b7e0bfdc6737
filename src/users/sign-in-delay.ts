/**
 * The growing delay between failed sign-ins, per (email, client address) pair. The first
 * `freeFailures - 1` failures of a pair are answered at once; from the `freeFailures`-th on, each
 * failure makes the pair wait before its next attempt: `baseDelayMs`, then twice as long after each
 * further failure, at most `maxDelayMs`. A success starts the pair over; so does a day without an
 * attempt. Kept per pair, so an attacker at one address slows only itself: the email's owner at
 * another address signs in as usual. (Trying many emails from one address is bounded by the per-IP
 * limit on the password routes.)
 */
export interface SignInDelayPolicy {
  /** Consecutive failures of a pair after which its attempts are spaced (SIGN_IN_MAX_FAILURES). */
  freeFailures: number;
  /** The wait after the `freeFailures`-th failure (SIGN_IN_DELAY_BASE_MS). */
  baseDelayMs: number;
  /** The longest wait (SIGN_IN_DELAY_MAX_MS). */
  maxDelayMs: number;
}

/** Failures older than this (no attempt since) no longer count. */
export const FAILURES_FORGOTTEN_AFTER_MS = 86_400_000;

/** A pair's counter as stored. */
export interface PairState {
  consecutiveFailures: number;
  retryAt: Date | null;
  updatedAt: Date;
}

/** What an attempt that starts at `now` (the database's clock, which every process shares) may do. */
export type AttemptStart =
  /** Too early: the pair waits until then; nothing is counted. */
  | { refusedUntil: Date; now: Date }
  /**
   * Go ahead: the pair's state with this attempt counted as a failure (it stays so unless it
   * succeeds), so attempts made at the same moment cannot pass the limit together. `next.retryAt`,
   * when set, is the wait this attempt imposes if it fails.
   */
  | { next: PairState; now: Date };

/** The wait after a pair's `failures`-th consecutive failure: 0 before `freeFailures`, then doubling, capped. */
export function delayAfter(failures: number, policy: SignInDelayPolicy): number {
  if (failures < policy.freeFailures) return 0;
  // Past 2^40 the cap has long applied; the exponent is bounded so the number stays finite.
  const doublings = Math.min(failures - policy.freeFailures, 40);
  return Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** doublings);
}

/** Decides an attempt of a pair (`state` null: none counted) at `now` (the database's clock). */
export function startAttempt(state: PairState | null, now: Date, policy: SignInDelayPolicy): AttemptStart {
  if (state?.retryAt && state.retryAt.getTime() > now.getTime()) return { refusedUntil: state.retryAt, now };
  const remembered = state !== null && now.getTime() - state.updatedAt.getTime() <= FAILURES_FORGOTTEN_AFTER_MS;
  const failures = (remembered ? state.consecutiveFailures : 0) + 1;
  const delay = delayAfter(failures, policy);
  return { next: { consecutiveFailures: failures, retryAt: delay > 0 ? new Date(now.getTime() + delay) : null, updatedAt: now }, now };
}

/** Whole seconds from `now` until `until`, at least 1 (the Retry-After of a wait). */
export function secondsUntil(until: Date, now: Date): number {
  return Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000));
}
