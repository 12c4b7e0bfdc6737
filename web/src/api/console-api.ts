/**
 * The console's own API (/api/console/v1): sign-up, the session, the tenant's users and invitations.
 *
 * These types follow the console's contract (sign-up creates the tenant and its owner and signs in;
 * GET/POST session answer the user, its role, tenant and plan, and the CSRF token). They are written
 * by hand until the console routes are in the OpenAPI document; then they come from
 * openapi.generated.ts like every other API type.
 */
import { api, type Page } from './http';
import type { PlanView, TenantView } from './openapi.generated';

export type UserRole = 'owner' | 'developer' | 'viewer' | 'operator';

export interface ConsoleUser {
  id: string;
  email: string;
  name: string;
  role: UserRole;
  tenant_id: string | null;
  created_at?: string;
  last_sign_in_at?: string | null;
}

export interface SessionView {
  user: ConsoleUser;
  /** The user's tenant; null for operator users. */
  tenant: TenantView | null;
  plan: PlanView | null;
  csrf_token: string;
}

export interface SignUpRequest {
  email: string;
  password: string;
  name: string;
  organization: string;
  kind: 'direct' | 'reseller';
  plan_id?: string;
}

export interface InvitationView {
  id: string;
  email: string;
  role: UserRole;
  expires_at: string;
  invited_by: string | null;
  created_at: string;
}

/** An invitation just made: the only answer that carries its token (shown once). */
export interface InvitationCreatedView {
  invitation: InvitationView;
  token: string;
  /** The console page that accepts it, the token in the fragment (never sent to a server). */
  accept_url: string;
}

export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 256;

const BASE = '/api/console/v1';

export const consoleApi = {
  session: () => api.get<SessionView>(`${BASE}/session`),
  signIn: (email: string, password: string) => api.post<SessionView>(`${BASE}/session`, { email, password }),
  signOut: () => api.delete(`${BASE}/session`),
  signUp: (body: SignUpRequest) => api.post<SessionView>(`${BASE}/signup`, body),
  acceptInvitation: (body: { token: string; name: string; password: string }) => api.post<SessionView>(`${BASE}/invitations/accept`, body),
  changePassword: (body: { current_password: string; new_password: string }) => api.put<void>(`${BASE}/password`, body),
  users: (query: { limit?: number; cursor?: string | null } = {}) => api.get<Page<ConsoleUser>>(`${BASE}/users`, { ...query }),
  inviteUser: (body: { email: string; role: Exclude<UserRole, 'operator'> }) => api.post<InvitationCreatedView>(`${BASE}/users`, body),
  invitations: (query: { limit?: number; cursor?: string | null } = {}) =>
    api.get<Page<InvitationView>>(`${BASE}/invitations`, { ...query }),
  withdrawInvitation: (id: string) => api.delete(`${BASE}/invitations/${id}`),
  changeRole: (id: string, role: Exclude<UserRole, 'operator'>) => api.patch<ConsoleUser>(`${BASE}/users/${id}`, { role }),
  removeUser: (id: string) => api.delete(`${BASE}/users/${id}`),
};
