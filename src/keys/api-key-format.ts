import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Key format: `gw_<12 lookup chars>_<32 secret chars>`, both base62. The secret part alone carries
 * 190 bits of randomness; the lookup part (71 bits) is stored in clear as the visible prefix
 * (`gw_<12 chars>`) and finds the row; the whole key is stored only as its SHA-256.
 */
const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const KEY_PATTERN = /^(gw_[0-9A-Za-z]{12})_[0-9A-Za-z]{32}$/;

function randomBase62(length: number): string {
  // Rejection sampling keeps every character uniform (256 is not a multiple of 62).
  let out = '';
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < 248 && out.length < length) out += BASE62[byte % 62];
    }
  }
  return out;
}

export interface GeneratedKey {
  /** The full key, shown to its owner once. */
  key: string;
  prefix: string;
  secretHash: Buffer;
}

export function generateApiKey(): GeneratedKey {
  const prefix = `gw_${randomBase62(12)}`;
  const key = `${prefix}_${randomBase62(32)}`;
  return { key, prefix, secretHash: hashApiKey(key) };
}

export function hashApiKey(key: string): Buffer {
  return createHash('sha256').update(key).digest();
}

/** The visible prefix of a well-formed key, or null when the string cannot be one of our keys. */
export function parseApiKeyPrefix(presented: string): string | null {
  const match = KEY_PATTERN.exec(presented);
  return match ? match[1] : null;
}

/** Constant-time comparison of a presented key against a stored hash. */
export function apiKeyMatches(presented: string, storedHash: Uint8Array): boolean {
  const candidate = hashApiKey(presented);
  return candidate.length === storedHash.length && timingSafeEqual(candidate, storedHash);
}
