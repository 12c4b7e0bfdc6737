/**
 * The console API's client (`/api/console/v1`), for a page in a browser: sign-up and sign-in, the
 * session, the password, and the tenant's users and invitations. It works with a BrowserSession
 * only (the console API knows no key), and keeps the session's CSRF token in it: every answer that
 * carries the session (sign-in, sign-up, accepting an invitation, reading the session) stores its
 * `csrf_token`, and signing out clears it, so the ResellerClient and AdminClient sharing the same
 * BrowserSession send the right token without the page handling it.
 */
import { ApiClient, type ApiResult, type ClientSettings, type QueryOf, type SessionCredentials } from '../api-client.js';
import { CONSOLE_PREFIX, routesUnder, type ConsoleRoute, type ConsoleRoutes } from '../contract.js';
import {
  ROUTES,
  type AcceptInvitationRequest,
  type ChangePasswordRequest,
  type InviteUserRequest,
  type SessionView,
  type SignUpRequest,
} from '../generated/openapi.js';
import type { BrowserSession } from '../session.js';
import { Transport, type RequestOptions } from '../transport.js';

export type ConsoleClientOptions = ClientSettings & SessionCredentials;

/** Every route of the console API (`POST /session`, …), from the generated contract. */
export const CONSOLE_ROUTES: readonly ConsoleRoute[] = /* @__PURE__ */ routesUnder<ConsoleRoute>(ROUTES, CONSOLE_PREFIX);

type Route<R extends ConsoleRoute> = ConsoleRoutes[R];
type Query<R extends ConsoleRoute> = QueryOf<Route<R>>;
type Answer<R extends ConsoleRoute> = Promise<ApiResult<Route<R>['response']>>;
type Body<R extends ConsoleRoute> = Route<R>['body'];

export class ConsoleClient extends ApiClient<ConsoleRoutes> {
  private readonly session: BrowserSession;

  constructor(options: ConsoleClientOptions) {
    const { session, ...settings } = options;
    super(new Transport({ ...settings, session }), CONSOLE_PREFIX);
    this.session = session;
  }

  /** Creates a tenant and its owner, and signs the owner in. */
  signUp(body: SignUpRequest, options?: RequestOptions): Answer<'POST /signup'> {
    return this.keep(this.send('POST /signup', { body }, options));
  }

  /** Signs in (a new session cookie, and its CSRF token); 401 `invalid_credentials`, 429 `account_locked` with Retry-After. */
  signIn(email: string, password: string, options?: RequestOptions): Answer<'POST /session'> {
    return this.keep(this.send('POST /session', { body: { email, password } }, options));
  }

  /** The signed-in user, their tenant and plan, and the session's CSRF token; 401 `not_signed_in` without a session. */
  currentSession(options?: RequestOptions): Answer<'GET /session'> {
    return this.keep(this.send('GET /session', {}, options));
  }

  /** Ends the session (the cookie is cleared); the CSRF token is forgotten whatever the answer. */
  async signOut(options?: RequestOptions): Answer<'DELETE /session'> {
    try {
      return await this.send('DELETE /session', {}, options);
    } finally {
      this.session.setCsrfToken(null);
    }
  }

  changePassword(body: ChangePasswordRequest, options?: RequestOptions): Answer<'PUT /password'> {
    return this.send('PUT /password', { body }, options);
  }

  /** The tenant's users (owners only). */
  readonly users = {
    list: (query: Query<'GET /users'> = {}, options?: RequestOptions): Answer<'GET /users'> => this.send('GET /users', { query }, options),
    get: (id: string, options?: RequestOptions): Answer<'GET /users/{id}'> => this.send('GET /users/{id}', { params: { id } }, options),
    /** Invites a user by email; the answer's `token` (`gwi_…`) is shown this once, for the invitation link. */
    invite: (body: InviteUserRequest, options?: RequestOptions): Answer<'POST /users'> => this.send('POST /users', { body }, options),
    changeRole: (id: string, role: InviteUserRequest['role'], options?: RequestOptions): Answer<'PATCH /users/{id}'> =>
      this.send('PATCH /users/{id}', { params: { id }, body: { role } }, options),
    /** Removes a user and ends their sessions. */
    remove: (id: string, options?: RequestOptions): Answer<'DELETE /users/{id}'> =>
      this.send('DELETE /users/{id}', { params: { id } }, options),
    /** A one-time password reset link for a member (owners only); its token is shown this once. */
    passwordReset: (id: string, options?: RequestOptions): Answer<'POST /users/{id}/password-reset'> =>
      this.send('POST /users/{id}/password-reset', { params: { id } }, options),
  };

  readonly passwordResets = {
    /** Whose account a reset link is for, without a session. */
    inspect: (token: string, options?: RequestOptions): Answer<'POST /password-resets/inspect'> =>
      this.send('POST /password-resets/inspect', { body: { token } }, options),
    /** Sets the new password: every other session of the user ends, and this one is signed in. */
    use: (body: Body<'POST /password-resets/use'>, options?: RequestOptions): Answer<'POST /password-resets/use'> =>
      this.send('POST /password-resets/use', { body }, options),
  };

  /** A fresh install's first operator. */
  readonly setup = {
    status: (options?: RequestOptions): Answer<'GET /setup'> => this.send('GET /setup', {}, options),
    firstOperator: (body: Body<'POST /setup/first-operator'>, options?: RequestOptions): Answer<'POST /setup/first-operator'> =>
      this.send('POST /setup/first-operator', { body }, options),
  };

  readonly invitations = {
    /** The invitations not accepted yet (owners only). */
    list: (query: Query<'GET /invitations'> = {}, options?: RequestOptions): Answer<'GET /invitations'> =>
      this.send('GET /invitations', { query }, options),
    withdraw: (id: string, options?: RequestOptions): Answer<'DELETE /invitations/{id}'> =>
      this.send('DELETE /invitations/{id}', { params: { id } }, options),
    /** What an invitation is for, without a session; a POST, so the token stays out of URLs and logs. */
    inspect: (token: string, options?: RequestOptions): Answer<'POST /invitations/inspect'> =>
      this.send('POST /invitations/inspect', { body: { token } }, options),
    /** Accepts an invitation: the new user, signed in. */
    accept: (body: AcceptInvitationRequest, options?: RequestOptions): Answer<'POST /invitations/accept'> =>
      this.keep(this.send('POST /invitations/accept', { body }, options)),
  };

  /** Stores the CSRF token of an answer that carries the session. */
  private async keep<T extends SessionView>(answer: Promise<ApiResult<T>>): Promise<ApiResult<T>> {
    const result = await answer;
    this.session.setCsrfToken(result.data.csrf_token);
    return result;
  }
}
