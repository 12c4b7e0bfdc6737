/**
 * The console API's bounds of a new password (Unicode code points): sign-up, an invitation, a
 * change, an operator's first one. The server checks the same; these let a form say so first.
 */
export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 256;
