/**
 * Who is signed in: the console API's session (session-query.ts), held by TanStack Query under one
 * key. Its CSRF token goes to the SDK's session for every unsafe request. An API answering
 * 401 for the session anywhere (it expired, or ended on another tab) drops it here, and the guards
 * send the user to the sign-in page.
 */
import { useQueryClient } from '@tanstack/react-query';
import { createContext, useContext, useEffect, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import type { SessionView, UserRole } from '@unified-api-gateway/sdk';
import { onSignedOut, setCsrfToken } from '../api/client';
import { Loading } from '../components/ui';
import { SESSION_KEY, useSession } from './session-query';

/** Keeps the cached session in step with sign-in, sign-out and a 401 from any API. */
export function useSessionSync(): void {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      onSignedOut(() => {
        setCsrfToken(null);
        queryClient.setQueryData(SESSION_KEY, null);
      }),
    [queryClient],
  );
}

export function rememberSession(queryClient: ReturnType<typeof useQueryClient>, session: SessionView): void {
  setCsrfToken(session.csrf_token);
  queryClient.setQueryData(SESSION_KEY, session);
}

/** What a role may do on the tenant's API (the server enforces the same; this only hides buttons). */
export const can = {
  write: (role: UserRole | undefined) => role === 'owner' || role === 'developer',
  manageUsers: (role: UserRole | undefined) => role === 'owner',
};

export function homeOf(session: SessionView): string {
  return session.user.role === 'operator' ? '/admin' : '/console';
}

/**
 * The console and the admin area render only for a session of the right kind: nobody → sign-in (and
 * back here after), an operator in the console → the admin area, a tenant user in the admin area →
 * a plain refusal.
 */
export function RequireSession({ area, children }: { area: 'console' | 'admin'; children: ReactNode }) {
  const session = useSession();
  const location = useLocation();
  if (session.isPending) return <Loading page label="Checking your session…" />;
  if (session.isError) {
    return (
      <div className="container site-main">
        <div className="alert alert-error" role="alert">
          The gateway could not be reached to check your session. Reload the page to try again.
        </div>
      </div>
    );
  }
  const current = session.data;
  if (!current) {
    const next = `${location.pathname}${location.search}`;
    return <Navigate to={`/signin?next=${encodeURIComponent(next)}`} replace />;
  }
  if (area === 'console' && current.user.role === 'operator') return <Navigate to="/admin" replace />;
  if (area === 'admin' && current.user.role !== 'operator') {
    return (
      <div className="container site-main">
        <div className="card auth-card">
          <h1>Operators only</h1>
          <p className="muted">
            The admin area is for the gateway&apos;s operators. You are signed in as a member of {current.tenant?.name ?? 'a tenant'}.
          </p>
          <a className="btn btn-primary" href="/console">
            Go to your console
          </a>
        </div>
      </div>
    );
  }
  return <SignedInContext.Provider value={current}>{children}</SignedInContext.Provider>;
}

const SignedInContext = createContext<SessionView | null>(null);

/** The session of a page inside RequireSession (always there). */
export function useSignedIn(): SessionView {
  const session = useContext(SignedInContext);
  if (!session) throw new Error('useSignedIn outside RequireSession');
  return session;
}
