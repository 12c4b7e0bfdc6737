import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * The one-time tokens of links a person is handed (password resets, the first-operator setup link):
 * a prefix and 32 random bytes (base64url). Only the SHA-256 is stored, so a database dump opens nothing.
 */
export function newOneTimeToken(prefix: string): string {
  return `${prefix}${randomBytes(32).toString('base64url')}`;
}

/** The pattern of a well-formed token with this prefix (a malformed one is refused before any lookup). */
export function oneTimeTokenPattern(prefix: string): RegExp {
  return new RegExp(`^${prefix}[A-Za-z0-9_-]{43}$`);
}

export function oneTimeTokenHash(token: string): Uint8Array<ArrayBuffer> {
  return new Uint8Array(createHash('sha256').update(token).digest());
}

/** Compares two hashes of equal length in constant time. */
export function sameHash(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && timingSafeEqual(a, b);
}
