import { hash, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Key format: `<tag>_<12 lookup chars>_<32 secret chars>`, both base62. The secret part alone
 * carries 190 bits of randomness; the lookup part (71 bits) is stored in clear as the visible
 * prefix (`gw_<12 chars>`) and finds the row; the whole key is stored only as its SHA-256.
 *
 * The tag tells the kinds apart: `gw_` keys call the gateway, `gwm_` keys the reseller REST API.
 * Each side parses only its own tag, so a key of one kind is malformed on the other side before
 * any lookup.
 */
const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

export class KeyFormat {
  private readonly pattern: RegExp;

  constructor(readonly tag: string) {
    this.pattern = new RegExp(`^(${tag}_[0-9A-Za-z]{12})_[0-9A-Za-z]{32}$`);
  }

  generate(): GeneratedKey {
    const prefix = `${this.tag}_${randomBase62(12)}`;
    const key = `${prefix}_${randomBase62(32)}`;
    return { key, prefix, secretHash: hashApiKey(key) };
  }

  /** The visible prefix of a well-formed key of this kind, or null when the string cannot be one. */
  parsePrefix(presented: string): string | null {
    const match = this.pattern.exec(presented);
    return match ? match[1] : null;
  }
}

/** Keys of the public gateway. */
export const GATEWAY_KEY_FORMAT = new KeyFormat('gw');
/** Keys of the reseller REST API (management keys). */
export const MANAGEMENT_KEY_FORMAT = new KeyFormat('gwm');

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
  return GATEWAY_KEY_FORMAT.generate();
}

/** SHA-256 of a key, in one call (no Hash object per call: this runs on every public call). */
export function hashApiKey(key: string): Buffer {
  return hash('sha256', key, 'buffer');
}

/** The visible prefix of a well-formed gateway key, or null when the string cannot be one. */
export function parseApiKeyPrefix(presented: string): string | null {
  return GATEWAY_KEY_FORMAT.parsePrefix(presented);
}

/** Constant-time comparison of a presented key against a stored hash. */
export function apiKeyMatches(presented: string, storedHash: Uint8Array): boolean {
  const candidate = hashApiKey(presented);
  return candidate.length === storedHash.length && timingSafeEqual(candidate, storedHash);
}
