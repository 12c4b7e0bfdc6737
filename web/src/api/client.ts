/**
 * The one way the web app talks to the gateway: the SDK's clients in cookie mode (same-origin
 * fetch with the session cookie, the session's CSRF token on unsafe methods, a 401 for the session
 * ending it here), sharing one BrowserSession. The features' query hooks call these clients' methods
 * themselves; the API's types come from the SDK package. Every error is the SDK's GatewayError
 * (ApiError here) carrying the API's stable `code` (src/common/errors on the server), `problems`,
 * `details`, the request id and Retry-After; `connection_failed` when no answer came. Pages never
 * call fetch themselves.
 */
import { BrowserSession, ConsoleClient, GatewayError, PublicClient, ResellerClient, type ApiResult } from '@unified-api-gateway/sdk';

export { GatewayError as ApiError };

/**
 * The page's session: the CSRF token the console API hands out with it, and who hears it end. The
 * operator's client (api/admin-client.ts) shares it.
 */
export const session = new BrowserSession();

/**
 * The clients of the page's origin, all on the one session. Only the features' query hooks call them
 * (test/web/web-structure.spec.ts: no component does). The operator API's client is apart
 * (api/admin-client.ts), so the console and the website never download it.
 */
export const sdk = {
  /** The console API (/api/console/v1): sign-up, the session, the password, users and invitations. */
  console: new ConsoleClient({ session }),
  /** The tenant's API (/api/reseller/v1), for the console. */
  reseller: new ResellerClient({ session }),
  /** The public API (/api/public/v1), without a key: the website's catalog and plans. */
  public: new PublicClient(),
};

/**
 * The body of an answer, which is what the queries cache (the request id and rate-limit state stay
 * in the SDK's result, and in its errors).
 */
export const data = <T>(answer: Promise<ApiResult<T>>): Promise<T> => answer.then((result) => result.data);

/** The session's CSRF token (the console API's `csrf_token`), sent in X-CSRF-Token on every unsafe request. */
export function setCsrfToken(token: string | null): void {
  session.setCsrfToken(token);
}

/** Listens for an API answering 401 for the session (it expired, or was ended elsewhere); returns the unsubscribe. */
export function onSignedOut(listener: () => void): () => void {
  return session.onSignedOut(listener);
}
