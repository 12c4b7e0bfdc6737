import { Inject, Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { clientIp, rateLimitSubject } from '../common/http/client-ip';
import { GatewayError } from '../common/errors/error-catalog';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { normaliseEmail } from './email';
import { PasswordHasher } from './password-hasher';
import { secondsUntil, SignInDelayPolicy } from './sign-in-delay';
import { SignInFailuresRepository } from './sign-in-failures.repository';
import { StoredUser, UsersRepository } from './users.repository';

/**
 * Checks an email and a password, with a growing delay per (email, client address) pair: after
 * SIGN_IN_MAX_FAILURES consecutive failures of a pair, its next attempt is refused (429
 * account_locked with Retry-After) until SIGN_IN_DELAY_BASE_MS has passed, twice as long after each
 * further failure, at most SIGN_IN_DELAY_MAX_MS (see sign-in-delay.ts). An attacker's address slows
 * only itself: the owner of the email signs in from another address as usual. The counters are kept
 * whether or not an account has the email, and an unknown email's password is checked against a
 * dummy hash, so neither the answers nor their timing say which emails exist. A success resets the
 * pair's counter. (Trying many emails from one address is bounded by SIGN_IN_RATE_LIMIT.)
 */
@Injectable()
export class CredentialsService {
  private readonly policy: SignInDelayPolicy;

  constructor(
    private readonly users: UsersRepository,
    private readonly failures: SignInFailuresRepository,
    private readonly hasher: PasswordHasher,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.policy = {
      freeFailures: config.SIGN_IN_MAX_FAILURES,
      baseDelayMs: config.SIGN_IN_DELAY_BASE_MS,
      maxDelayMs: config.SIGN_IN_DELAY_MAX_MS,
    };
  }

  /**
   * The user with these credentials, tried from `client` (the address as per-IP limits count it,
   * see signInClient); throws invalid_credentials or account_locked. `signIn: false` for a check of
   * a signed-in user's password (a password change): last_sign_in_at stays.
   */
  async verify(
    emailAsTyped: string,
    password: string,
    { client, signIn = true }: { client: string; signIn?: boolean },
  ): Promise<StoredUser> {
    const email = normaliseEmail(emailAsTyped);
    const attempt = await this.failures.begin(email, client, this.policy);
    // Retry-After counts from the attempt's start on the database's clock (the clock of the wait).
    if ('refusedUntil' in attempt) throw delayed(secondsUntil(attempt.refusedUntil, attempt.now));

    const found = await this.users.findCredentials(email);
    // Always one argon2 verification: against a dummy hash when no account has the email.
    const matches = await this.hasher.verify(found?.passwordHash ?? null, password);
    if (!found || !matches) {
      // The failure that starts a wait says so itself.
      if (attempt.next.retryAt) throw delayed(secondsUntil(attempt.next.retryAt, attempt.now));
      throw new GatewayError('invalid_credentials');
    }
    await this.failures.reset(email, client);
    const { passwordHash, ...user } = found;
    if (!signIn) return user;
    // Hashes made under older parameters are brought up to today's while the password is at hand.
    return this.users.recordSignIn(user.id, this.hasher.needsRehash(passwordHash) ? await this.hasher.hash(password) : undefined);
  }

  /** Forgets delay counters that no longer count (the periodic prune). */
  pruneStaleFailures(): Promise<number> {
    return this.failures.pruneStale();
  }
}

/** Who a sign-in delay counts for a request: its client address as the per-IP limits count it (IPv6 by /64). */
export function signInClient(req: Request): string {
  return rateLimitSubject(clientIp(req) ?? 'unknown');
}

function delayed(seconds: number): GatewayError {
  return new GatewayError('account_locked', undefined, { retry_after_seconds: seconds }, { 'Retry-After': String(seconds) });
}
