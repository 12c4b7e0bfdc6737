/** The console API's session (GET /api/console/v1/session), under one query key; auth/session.tsx keeps it in step. */
import { useQuery } from '@tanstack/react-query';
import type { SessionView } from '@unified-api-gateway/sdk';
import { ApiError, data, sdk, setCsrfToken } from '../api/client';

export const SESSION_KEY = ['session'] as const;

/** The session, or null when nobody is signed in (or the console API is not there). */
async function loadSession(): Promise<SessionView | null> {
  try {
    const session = await data(sdk.console.currentSession());
    setCsrfToken(session.csrf_token);
    return session;
  } catch (error) {
    if (error instanceof ApiError && (error.status === 401 || error.status === 404)) {
      setCsrfToken(null);
      return null;
    }
    throw error;
  }
}

export function useSession() {
  return useQuery({ queryKey: SESSION_KEY, queryFn: loadSession, staleTime: 60_000, retry: false });
}
