import { Injectable, OnModuleInit } from '@nestjs/common';
import { hash, parseOptions, verify, type Algorithm, type Options } from '@node-rs/argon2';
import { randomBytes } from 'node:crypto';

/** Password length bounds, in characters (code points): NIST SP 800-63B asks for at least 8 and room for 64+. */
export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 256;

/**
 * argon2id's numeric id. @node-rs/argon2 declares its Algorithm as a `const enum`, which per-file
 * transpilation (ts-jest, the child processes' register hook) cannot inline, so the value is spelled here.
 */
const ARGON2ID = 2 satisfies Algorithm.Argon2id;

/**
 * argon2id with 64 MiB of memory and 2 passes: above both OWASP's minimum (19 MiB, t=2) and its
 * alternative (46 MiB, t=1), at ~47 ms per hash on this 2-core VM (the next step, t=3, took ~75 ms:
 * more than we want a sign-in to cost a loaded host). Parallelism 1: a sign-in occupies one
 * libuv thread, never the event loop.
 */
export const PASSWORD_HASH_OPTIONS: Readonly<Options> = Object.freeze({
  algorithm: ARGON2ID,
  memoryCost: 65_536,
  timeCost: 2,
  parallelism: 1,
});

/**
 * Hashes and checks passwords. Passwords are NFKC-normalised first (NIST SP 800-63B), so the same
 * password typed on two keyboards that compose characters differently still matches.
 */
@Injectable()
export class PasswordHasher implements OnModuleInit {
  /** A hash of a random password, checked when no account has the email, so that costs the same time. */
  private dummyHash: string | undefined;

  async onModuleInit(): Promise<void> {
    this.dummyHash = await hash(randomBytes(32).toString('base64url'), PASSWORD_HASH_OPTIONS);
  }

  hash(password: string): Promise<string> {
    return hash(normalise(password), PASSWORD_HASH_OPTIONS);
  }

  /** Whether `password` matches `storedHash`; with no stored hash (no such account) it checks a dummy one and says no. */
  async verify(storedHash: string | null, password: string): Promise<boolean> {
    const against = storedHash ?? this.dummyHash;
    if (!against) throw new Error('PasswordHasher used before its module was initialised');
    try {
      const matches = await verify(against, normalise(password));
      return matches && storedHash !== null;
    } catch {
      // A stored hash that is not a valid PHC string matches nothing.
      return false;
    }
  }

  /** A hash made with other parameters than today's: re-hashed at the next successful sign-in. */
  needsRehash(storedHash: string): boolean {
    try {
      const used = parseOptions(storedHash);
      return (
        used.algorithm !== PASSWORD_HASH_OPTIONS.algorithm ||
        used.memoryCost !== PASSWORD_HASH_OPTIONS.memoryCost ||
        used.timeCost !== PASSWORD_HASH_OPTIONS.timeCost ||
        used.parallelism !== PASSWORD_HASH_OPTIONS.parallelism
      );
    } catch {
      return true;
    }
  }
}

function normalise(password: string): string {
  return password.normalize('NFKC');
}

/** A password's length in characters (code points, not UTF-16 units: an emoji is one). */
export function passwordLength(password: string): number {
  let count = 0;
  for (const _ of password) count++;
  return count;
}
