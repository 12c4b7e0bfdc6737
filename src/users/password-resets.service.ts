import { Injectable } from '@nestjs/common';
import { GatewayError } from '../common/errors/error-catalog';
import { Clock } from '../common/time/clock';
import { newOneTimeToken, oneTimeTokenHash, oneTimeTokenPattern } from './one-time-token';
import { PasswordHasher } from './password-hasher';
import { PasswordResetsRepository, type ResetParties } from './password-resets.repository';

/** A reset link can be used for this long after it is issued. */
export const PASSWORD_RESET_TTL_MS = 24 * 3_600_000;

const TOKEN_PREFIX = 'gwr_';
const TOKEN_PATTERN = oneTimeTokenPattern(TOKEN_PREFIX);

/**
 * One-time password reset links. Who may issue one for whom (an owner for their tenant's users, an
 * operator for anyone) is the caller's check; this issues, shows and uses them. The gateway sends no
 * email: the token is returned once, to the issuer, who passes the link on. Only its SHA-256 is stored;
 * a user has at most one live link (a new one voids the previous), which works once, within 24 hours,
 * and only while its issuer could still issue it: an owner demoted or removed takes back the links
 * they issued, as they do their invitations (a removed owner could otherwise reset another owner's
 * password and sign in as them). The user changing their own password voids their link too.
 * Ending the user's sessions after a use is the caller's (it knows the sessions).
 */
@Injectable()
export class PasswordResetsService {
  constructor(
    private readonly repository: PasswordResetsRepository,
    private readonly hasher: PasswordHasher,
    private readonly clock: Clock,
  ) {}

  /** `issuedById`: the owner or operator issuing it; null for the admin token. */
  async issue(userId: string, issuedById: string | null): Promise<{ token: string; expiresAt: Date }> {
    const token = newOneTimeToken(TOKEN_PREFIX);
    const now = this.clock.now();
    const expiresAt = new Date(now.getTime() + PASSWORD_RESET_TTL_MS);
    await this.repository.replace(userId, oneTimeTokenHash(token), expiresAt, now, issuedById);
    return { token, expiresAt };
  }

  /** Whose password a link resets (email, name, expiry); 400 invalid_password_reset exactly when using it would be. */
  async inspect(token: string) {
    const found = TOKEN_PATTERN.test(token) ? await this.repository.findLive(oneTimeTokenHash(token), this.clock.now()) : null;
    if (!found || !issuerMayStillIssue(found)) throw new GatewayError('invalid_password_reset');
    return { email: found.email, name: found.name, expiresAt: found.expiresAt };
  }

  /** Sets the new password and voids the link; the user's id. 400 invalid_password_reset for an unknown, expired, replaced or used token. */
  async use(token: string, password: string): Promise<string> {
    if (!TOKEN_PATTERN.test(token)) throw new GatewayError('invalid_password_reset');
    const passwordHash = await this.hasher.hash(password);
    const userId = await this.repository.consume(oneTimeTokenHash(token), this.clock.now(), passwordHash, issuerMayStillIssue);
    if (!userId) throw new GatewayError('invalid_password_reset');
    return userId;
  }
}

/**
 * A link works while whoever issued it could issue it now: an operator, or an owner of the user's
 * tenant. The admin token's links (no issuer) stay valid: the token has no role to lose.
 */
function issuerMayStillIssue({ issuer, userTenantId }: ResetParties): boolean {
  if (!issuer) return true;
  if (issuer === 'removed') return false;
  if (issuer.role === 'operator') return issuer.tenantId === null;
  return issuer.role === 'owner' && issuer.tenantId !== null && issuer.tenantId === userTenantId;
}
