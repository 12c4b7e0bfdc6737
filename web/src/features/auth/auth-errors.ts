/** What the sign-in, sign-up, invitation, password reset and first-operator pages say when the console API refuses. */
import { ApiError } from '../../api/client';

/** Only a path of this site: never an absolute URL (an open redirect). */
export function safeNext(next: string | null): string | null {
  return next && next.startsWith('/') && !next.startsWith('//') ? next : null;
}

export function authErrorMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return 'Something went wrong. Please try again.';
  const seconds = error.retryAfterSeconds;
  // Sign-in delays start at a second: say seconds below a minute.
  const wait = seconds ? ` Try again in ${seconds < 60 ? `${seconds} second(s)` : `${Math.ceil(seconds / 60)} minute(s)`}.` : '';
  switch (error.code) {
    case 'invalid_credentials':
      return 'The email or the password is not correct.';
    case 'account_locked':
      return `Too many failed sign-ins for this email from your network.${wait}`;
    case 'rate_limited':
      return `Too many attempts from this network.${wait}`;
    case 'route_not_found':
      return 'Sign-in is not available on this gateway yet.';
    case 'connection_failed':
      return 'The gateway could not be reached. Check your connection and try again.';
    default:
      return error.message;
  }
}

/** The API's stable code of a refusal, if it is one. */
export function errorCode(error: unknown): string | null {
  return error instanceof ApiError ? error.code : null;
}

/** An invitation that cannot be used (unknown, expired, withdrawn, used), in the page's words; else the usual message. */
export function invitationErrorMessage(error: unknown, invalid: string): string {
  return errorCode(error) === 'invalid_invitation' ? invalid : authErrorMessage(error);
}

/** A reset link that cannot be used (unknown, expired, replaced, used), in the page's words; else the usual message. */
export function passwordResetErrorMessage(error: unknown, invalid: string): string {
  return errorCode(error) === 'invalid_password_reset' ? invalid : authErrorMessage(error);
}

/** The problems the API listed (a sign-up's fields). */
export function problemsOf(error: unknown): string[] {
  return error instanceof ApiError ? error.problems : [];
}
