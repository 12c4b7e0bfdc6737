/** Longest email address (RFC 5321's path limit). */
export const EMAIL_MAX_LENGTH = 254;

/**
 * The one spelling of an email address the gateway stores and compares: trimmed and lower-cased,
 * so `Ada@Example.com ` and `ada@example.com` are one account and one sign-in delay counter. (The local
 * part is case-sensitive in theory; no mail provider in use treats it so.)
 */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}
