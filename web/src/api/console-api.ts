/**
 * The console's own API (/api/console/v1): sign-up, the session, the tenant's users and invitations.
 * The session (with its CSRF token) is what authenticates the pages on the reseller and operator APIs.
 */
import { api, type Page } from './http';
import type {
  AcceptInvitationRequest,
  ChangePasswordRequest,
  InvitationCreatedView,
  InvitationPreviewView,
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

const BASE = '/api/console/v1';

export const consoleApi = {
  session: () => api.get<SessionView>(`${BASE}/session`),
  signIn: (email: string, password: string) => api.post<SessionView>(`${BASE}/session`, { email, password }),
  signOut: () => api.delete(`${BASE}/session`),
  signUp: (body: SignUpRequest) => api.post<SessionView>(`${BASE}/signup`, body),
  /** What an invitation is for; a POST so the token stays out of URLs and logs. */
  inspectInvitation: (token: string) => api.post<InvitationPreviewView>(`${BASE}/invitations/inspect`, { token }),
  acceptInvitation: (body: AcceptInvitationRequest) => api.post<SessionView>(`${BASE}/invitations/accept`, body),
  changePassword: (body: ChangePasswordRequest) => api.put<void>(`${BASE}/password`, body),
  users: (query: { limit?: number; cursor?: string | null } = {}) => api.get<Page<ConsoleUser>>(`${BASE}/users`, { ...query }),
  inviteUser: (body: { email: string; role: TenantRole }) => api.post<InvitationCreatedView>(`${BASE}/users`, body),
  invitations: (query: { limit?: number; cursor?: string | null } = {}) =>
    api.get<Page<InvitationView>>(`${BASE}/invitations`, { ...query }),
  withdrawInvitation: (id: string) => api.delete(`${BASE}/invitations/${id}`),
  changeRole: (id: string, role: TenantRole) => api.patch<ConsoleUser>(`${BASE}/users/${id}`, { role }),
  removeUser: (id: string) => api.delete(`${BASE}/users/${id}`),
};
