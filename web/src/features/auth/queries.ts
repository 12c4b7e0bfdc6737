/**
 * Signing in and out, signing up, and an invitation (the console API's session routes). Each success
 * puts the new session in the cache (rememberSession), where the guards read it.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { SignUpRequest } from '@unified-api-gateway/sdk';
import { data, sdk, setCsrfToken } from '../../api/client';
import { homeOf, rememberSession } from '../../auth/session';
import { SESSION_KEY } from '../../auth/session-query';

export const invitationKeys = {
  preview: (token: string) => ['invitation', token] as const,
};

/** Leaves as signing out does: no CSRF token, nothing cached, the sign-in page. */
export function useLeave() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return () => {
    setCsrfToken(null);
    queryClient.clear();
    queryClient.setQueryData(SESSION_KEY, null);
    void navigate('/signin', { replace: true });
  };
}

export function useSignOut() {
  const leave = useLeave();
  return useMutation({ mutationFn: () => data(sdk.console.signOut()), onSettled: leave });
}

/** Signs in, then goes to `next` (a path of this site), else the session's home. */
export function useSignIn(next: string | null) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: ({ email, password }: { email: string; password: string }) => data(sdk.console.signIn(email.trim(), password)),
    onSuccess: (signedIn) => {
      rememberSession(queryClient, signedIn);
      void navigate(next ?? homeOf(signedIn), { replace: true });
    },
  });
}

/** The session's start in the console: after sign-up and after accepting an invitation. */
function useEnterConsole() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return (session: Parameters<typeof rememberSession>[1]) => {
    rememberSession(queryClient, session);
    void navigate('/console', { replace: true });
  };
}

export function useSignUp() {
  const enter = useEnterConsole();
  return useMutation({ mutationFn: (body: SignUpRequest) => data(sdk.console.signUp(body)), onSuccess: enter });
}

/** What an invitation is for, so the invitee knows what they join before choosing a password. */
export function useInvitationPreview(token: string) {
  return useQuery({
    queryKey: invitationKeys.preview(token),
    queryFn: () => data(sdk.console.invitations.inspect(token)),
    enabled: token !== '',
    retry: false,
    staleTime: Infinity,
  });
}

export function useAcceptInvitation(token: string) {
  const enter = useEnterConsole();
  return useMutation({
    mutationFn: ({ name, password }: { name: string; password: string }) =>
      data(sdk.console.invitations.accept({ token, name: name.trim(), password })),
    onSuccess: enter,
  });
}
