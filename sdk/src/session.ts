/**
 * A browser's console session, for the clients' cookie mode: the page signs in through the console
 * API, the browser keeps the session cookie (HttpOnly, SameSite=Strict: never readable here), and
 * every request goes same-origin with it. What the page does hold is the session's CSRF token, which
 * the API wants back in X-CSRF-Token on every POST, PUT, PATCH and DELETE it authenticates by the
 * cookie; the console API hands it out with the session (`csrf_token`), and ConsoleClient stores it
 * here on sign-in, sign-up and every read of the session.
 *
 * One BrowserSession is shared by the clients of one page (console, reseller, admin), so a token
 * set by one is sent by all, and an API answering 401 for the session through any of them tells the
 * page once (onSignedOut).
 */

/** Codes that mean "this browser has no valid session" rather than "this request is wrong". */
const SESSION_GONE_CODES = new Set(['not_signed_in', 'invalid_management_key', 'invalid_admin_token']);

export interface BrowserSessionOptions {
  /**
   * The fetch credentials mode: `same-origin` (the default: the console and its APIs are one
   * origin, and the cookie is SameSite=Strict), or `include` for a page served from another origin
   * that the gateway's CONSOLE_ORIGIN names.
   */
  credentials?: 'same-origin' | 'include';
}

export class BrowserSession {
  readonly credentials: 'same-origin' | 'include';
  private token: string | null = null;
  private readonly signedOutListeners = new Set<() => void>();

  constructor(options: BrowserSessionOptions = {}) {
    this.credentials = options.credentials ?? 'same-origin';
  }

  /** The session's CSRF token, or null before sign-in (unsafe requests then go without one, and are refused). */
  get csrfToken(): string | null {
    return this.token;
  }

  setCsrfToken(token: string | null): void {
    this.token = token;
  }

  /**
   * Calls `listener` when an API answers 401 for the session (it expired, or ended in another tab):
   * the page drops what it shows of the session. Returns the function that removes the listener.
   */
  onSignedOut(listener: () => void): () => void {
    this.signedOutListeners.add(listener);
    return () => {
      this.signedOutListeners.delete(listener);
    };
  }

  /**
   * Called by the transport with the code of every 401 of a cookie request. A wrong password
   * (`invalid_credentials`) is a 401 too, but the session, if any, is still there.
   * @internal
   */
  answeredUnauthenticated(code: string): void {
    if (!SESSION_GONE_CODES.has(code)) return;
    this.token = null;
    for (const listener of [...this.signedOutListeners]) {
      try {
        listener();
      } catch (error) {
        // As an event listener's would be: reported, without stopping the others or hiding the API's error.
        queueMicrotask(() => {
          throw error;
        });
      }
    }
  }
}
