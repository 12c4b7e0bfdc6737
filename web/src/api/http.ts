/**
 * The one way the web app talks to the gateway: the SDK's clients in cookie mode (same-origin
 * fetch with the session cookie, the session's CSRF token on unsafe methods, a 401 for the session
 * ending it here), sharing one BrowserSession. Every error is the SDK's GatewayError (ApiError
 * here) carrying the API's stable `code` (src/common/errors on the server), `problems`, `details`,
 * the request id and Retry-After; `connection_failed` when no answer came. Pages never call fetch
 * themselves.
 */
import { BrowserSession, ConsoleClient, GatewayError, PublicClient, ResellerClient, type ApiResult } from '@unified-api-gateway/sdk';
import { AdminClient } from '@unified-api-gateway/sdk/admin';

export type { Page } from '@unified-api-gateway/sdk';
export { GatewayError as ApiError };

/** The page's session: the CSRF token the console API hands out with it, and who hears it end. */
const session = new BrowserSession();

/** The clients of the page's origin, all on the one session. */
export const sdk = {
  console: new ConsoleClient({ session }),
  reseller: new ResellerClient({ session }),
  admin: new AdminClient({ session }),
  public: new PublicClient(),
};

/** The body of an answer (what the pages use; the request id and rate-limit state stay in the SDK's result). */
export const data = <T>(answer: Promise<ApiResult<T>>): Promise<T> => answer.then((result) => result.data);

/** The session's CSRF token (the console API's `csrf_token`), sent in X-CSRF-Token on every unsafe request. */
export function setCsrfToken(token: string | null): void {
  session.setCsrfToken(token);
}

/** Listens for an API answering 401 for the session (it expired, or was ended elsewhere); returns the unsubscribe. */
export function onSignedOut(listener: () => void): () => void {
  return session.onSignedOut(listener);
}
