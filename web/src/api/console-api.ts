/**
 * The console's own API (/api/console/v1): sign-up, the session, the tenant's users and invitations,
 * through the SDK's ConsoleClient (which also keeps the session's CSRF token). The session is what
 * authenticates the pages on the reseller and operator APIs.
 */
import { data, sdk } from './http';
import type {
  AcceptInvitationRequest,
  ChangePasswordRequest,
  InvitationCreatedView,
  InvitationView,
  SessionView,
  SignUpRequest,
  UserRole,
  UserView,
} from './openapi.generated';

export type { InvitationCreatedView, InvitationView, SessionView, SignUpRequest, UserRole };
export type ConsoleUser = UserView;
export type TenantRole = Exclude<UserRole, 'operator'>;

/** The console API's password bounds (Unicode code points). */
export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 256;

const client = sdk.console;

export const consoleApi = {
  session: () => data(client.currentSession()),
  signIn: (email: string, password: string) => data(client.signIn(email, password)),
  signOut: () => data(client.signOut()),
  signUp: (body: SignUpRequest) => data(client.signUp(body)),
  /** What an invitation is for; a POST so the token stays out of URLs and logs. */
  inspectInvitation: (token: string) => data(client.invitations.inspect(token)),
  acceptInvitation: (body: AcceptInvitationRequest) => data(client.invitations.accept(body)),
  changePassword: (body: ChangePasswordRequest) => data(client.changePassword(body)),
  users: (query: { limit?: number; cursor?: string | null } = {}) => data(client.users.list(query)),
  inviteUser: (body: { email: string; role: TenantRole }) => data(client.users.invite(body)),
  invitations: (query: { limit?: number; cursor?: string | null } = {}) => data(client.invitations.list(query)),
  withdrawInvitation: (id: string) => data(client.invitations.withdraw(id)),
  changeRole: (id: string, role: TenantRole) => data(client.users.changeRole(id, role)),
  removeUser: (id: string) => data(client.users.remove(id)),
};
