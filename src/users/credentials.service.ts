import { Inject, Injectable } from '@nestjs/common';
import { GatewayError } from '../common/errors/error-catalog';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { normaliseEmail } from './email';
import { PasswordHasher } from './password-hasher';
import { SignInFailuresRepository } from './sign-in-failures.repository';
import { StoredUser, UsersRepository } from './users.repository';

/**
 * Checks an email and a password, with the lockout: after SIGN_IN_MAX_FAILURES consecutive failures
 * for an email, attempts for it are refused for SIGN_IN_LOCKOUT_MS (429 account_locked with
 * Retry-After), whether or not an account has the email: the counters are kept per email, and an
 * unknown email's password is checked against a dummy hash, so neither the answers nor their
 * timing say which emails exist. A success resets the email's counter.
 */
@Injectable()
export class CredentialsService {
  constructor(
    private readonly users: UsersRepository,
    private readonly failures: SignInFailuresRepository,
    private readonly hasher: PasswordHasher,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * The user with these credentials; throws invalid_credentials or account_locked. `signIn: false`
   * for a check of a signed-in user's password (a password change): last_sign_in_at stays.
   */
  async verify(emailAsTyped: string, password: string, { signIn = true } = {}): Promise<StoredUser> {
    const email = normaliseEmail(emailAsTyped);
    const lockoutMs = this.config.SIGN_IN_LOCKOUT_MS;
    const attempt = await this.failures.begin(email, lockoutMs);
    if (attempt.lockedUntil) throw locked(attempt.lockedUntil);
    // Attempts that started together on an unlocked email: those past the limit never check a password.
    if (attempt.attempts > this.config.SIGN_IN_MAX_FAILURES) throw locked(await this.failures.lock(email, lockoutMs));

    const found = await this.users.findCredentials(email);
    // Always one argon2 verification: against a dummy hash when no account has the email.
    const matches = await this.hasher.verify(found?.passwordHash ?? null, password);
    if (!found || !matches) {
      if (attempt.attempts >= this.config.SIGN_IN_MAX_FAILURES) throw locked(await this.failures.lock(email, lockoutMs));
      throw new GatewayError('invalid_credentials');
    }
    await this.failures.reset(email);
    const { passwordHash, ...user } = found;
    if (!signIn) return user;
    // Hashes made under older parameters are brought up to today's while the password is at hand.
    return this.users.recordSignIn(user.id, this.hasher.needsRehash(passwordHash) ? await this.hasher.hash(password) : undefined);
  }

  /** Forgets lockout counters that no longer count (the periodic prune). */
  pruneStaleFailures(): Promise<number> {
    return this.failures.pruneStale(this.config.SIGN_IN_LOCKOUT_MS);
  }
}

function locked(until: Date): GatewayError {
  const seconds = Math.max(1, Math.ceil((until.getTime() - Date.now()) / 1000));
  return new GatewayError('account_locked', undefined, { retry_after_seconds: seconds }, { 'Retry-After': String(seconds) });
}
