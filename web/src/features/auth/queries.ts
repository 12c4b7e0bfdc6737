/**
 * Signing in and out, signing up, an invitation, a password reset link and the first operator (the
 * console API's session, invitation, password-reset and setup routes). Each success puts the new
 * session in the cache (rememberSession), where the guards read it.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { CreateFirstOperatorRequest, SignUpRequest } from '@unified-api-gateway/sdk';
import { ApiError, data, sdk, setCsrfToken } from '../../api/client';
import { homeOf, rememberSession } from '../../auth/session';
import { SESSION_KEY } from '../../auth/session-query';

export const invitationKeys = {
  preview: (token: string) => ['invitation', token] as const,
};

export const passwordResetKeys = {
  preview: (token: string) => ['password-reset', token] as const,
};

export const setupKeys = {
  status: ['setup'] as const,
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

/**
 * A session just started (sign-up, an invitation, a reset link, the first operator): remembered, and
 * its home opened (the admin area for an operator, else the console).
 */
function useEnter() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return (session: Parameters<typeof rememberSession>[1]) => {
    rememberSession(queryClient, session);
    void navigate(homeOf(session), { replace: true });
  };
}

export function useSignUp() {
  const enter = useEnter();
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
  const enter = useEnter();
  return useMutation({
    mutationFn: ({ name, password }: { name: string; password: string }) =>
      data(sdk.console.invitations.accept({ token, name: name.trim(), password })),
    onSuccess: enter,
  });
}

/** Whose password a reset link sets, before the new one is chosen; an unusable link is the API's 400 invalid_password_reset. */
export function usePasswordResetPreview(token: string) {
  return useQuery({
    queryKey: passwordResetKeys.preview(token),
    queryFn: () => data(sdk.console.passwordResets.inspect(token)),
    enabled: token !== '',
    retry: false,
    staleTime: Infinity,
  });
}

/** Sets the new password with the link: the user's other sessions end, and this one starts. */
export function useResetPassword(token: string) {
  const enter = useEnter();
  return useMutation({
    mutationFn: (password: string) => data(sdk.console.passwordResets.use({ token, password })),
    onSuccess: enter,
  });
}

/** Whether the gateway still waits for its first operator (the sign-in page and /admin/setup ask). */
export function useSetupStatus() {
  return useQuery({ queryKey: setupKeys.status, queryFn: () => data(sdk.console.setup.status()), retry: false, staleTime: 60_000 });
}

/**
 * Creates the first operator, signed in at once: the admin area opens. Either way the setup is
 * closed after (201, or 409 operator_exists: someone was first), which the setup page then shows.
 */
export function useCreateFirstOperator() {
  const queryClient = useQueryClient();
  const enter = useEnter();
  const closed = () => queryClient.setQueryData(setupKeys.status, { first_operator_needed: false });
  return useMutation({
    mutationFn: (body: CreateFirstOperatorRequest) =>
      data(sdk.console.setup.firstOperator({ ...body, name: body.name.trim(), email: body.email.trim() })),
    onSuccess: (session) => {
      enter(session);
      closed();
    },
    onError: (error) => {
      if (error instanceof ApiError && error.code === 'operator_exists') closed();
    },
  });
}
