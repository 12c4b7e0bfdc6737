import { Clock } from '../../src/common/time/clock';

/** The default start of a FakeClock: an arbitrary instant, mid-month, mid-week, mid-day (UTC). */
export const FAKE_CLOCK_START = Date.UTC(2025, 5, 18, 12, 0, 0);

/**
 * A Clock that stands still until the test moves it: set() to an instant, advance() by a duration.
 * The services built with the fakes read it (test/fakes/new-test-service.ts), so a rule that depends
 * on the time (an expiry, a period, a retry window, a grace period) is tested at the instants that
 * matter, never by waiting.
 */
export class FakeClock extends Clock {
  private ms: number;

  constructor(start: Date | string | number = FAKE_CLOCK_START) {
    super();
    this.ms = new Date(start).getTime();
  }

  nowMs(): number {
    return this.ms;
  }

  set(at: Date | string | number): void {
    this.ms = new Date(at).getTime();
  }

  advance(ms: number): void {
    this.ms += ms;
  }
}
