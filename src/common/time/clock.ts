/**
 * What time it is, for the rules that depend on it (a key's expiry, a budget's period, a webhook's
 * retry window, a statement's grace period). Services take it injected instead of calling
 * Date.now() or new Date(), so that a domain test can set the time and move it (test/fakes/); the
 * application provides the system clock (ClockModule). Storage timestamps a database writes itself
 * (now() in SQL, @default(now())) stay the database's.
 */
export abstract class Clock {
  /** Milliseconds since the epoch, as Date.now(). */
  abstract nowMs(): number;

  /** The current time as a Date (a new one each call). */
  now(): Date {
    return new Date(this.nowMs());
  }
}

/** The machine's clock. */
export class SystemClock extends Clock {
  nowMs(): number {
    return Date.now();
  }
}
