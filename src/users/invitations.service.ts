import { Injectable } from '@nestjs/common';
import { createHash, randomBytes } from 'node:crypto';
import { GatewayError } from '../common/errors/error-catalog';
import { normaliseEmail } from './email';
import { InvitationsRepository, StoredInvitation } from './invitations.repository';
import { PasswordHasher } from './password-hasher';
import { StoredUser, UsersRepository } from './users.repository';
import { conflictOnEmail, TenantRole } from './users.service';

/** An invitation can be accepted for this long. */
export const INVITATION_TTL_MS = 7 * 86_400_000;

/** `gwi_` and 32 random bytes (base64url): the token an invitee accepts with. */
const TOKEN_PATTERN = /^gwi_[A-Za-z0-9_-]{43}$/;

/**
 * Owners invite users into their tenant. The token is returned once, to the owner (who passes it
 * on: the gateway sends no email); only its SHA-256 is stored, so a database dump accepts nothing.
 */
@Injectable()
export class InvitationsService {
  constructor(
    private readonly repository: InvitationsRepository,
    private readonly users: UsersRepository,
    private readonly hasher: PasswordHasher,
  ) {}

  /** 409 when an account has the email already (one account per email, in one tenant). */
  async invite(tenantId: string, invitedById: string | null, email: string, role: TenantRole) {
    const normalised = normaliseEmail(email);
    if (await this.users.emailTaken(normalised)) throw new GatewayError('conflict', 'An account with this email exists already.');
    const token = `gwi_${randomBytes(32).toString('base64url')}`;
    const invitation = await this.repository.create({
      tenantId,
      email: normalised,
      role,
      tokenHash: tokenHash(token),
      expiresAt: new Date(Date.now() + INVITATION_TTL_MS),
      createdById: invitedById,
    });
    return { invitation, token };
  }

  listPending(tenantId: string, take: number, cursor?: string): Promise<StoredInvitation[]> {
    return this.repository.listPending(tenantId, take, cursor);
  }

  async withdraw(tenantId: string, id: string): Promise<void> {
    if (!(await this.repository.deletePending(tenantId, id)))
      throw new GatewayError('resource_not_found', 'No pending invitation has this id.');
  }

  /**
   * What an invitation is for (the organization, the invited email and role), so the invitee knows
   * what they join before choosing a password; 400 invalid_invitation (or 403 tenant_suspended) exactly when accepting would.
   */
  async inspect(token: string) {
    const invitation = TOKEN_PATTERN.test(token) ? await this.repository.findPending(tokenHash(token)) : null;
    if (!invitation) throw new GatewayError('invalid_invitation');
    if (invitation.tenantStatus !== 'active') throw new GatewayError('tenant_suspended', 'The account you are invited into is suspended.');
    return invitation;
  }

  /**
   * Creates the invited user; 400 invalid_invitation for a token that is unknown, expired, withdrawn
   * or used, or whose inviter is no longer an owner of the tenant; 403 tenant_suspended when the
   * tenant is suspended.
   */
  async accept(token: string, name: string, password: string): Promise<StoredUser> {
    if (!TOKEN_PATTERN.test(token)) throw new GatewayError('invalid_invitation');
    const passwordHash = await this.hasher.hash(password);
    let user: StoredUser | 'tenant_suspended' | null;
    try {
      user = await this.repository.accept(tokenHash(token), { name, passwordHash });
    } catch (err) {
      throw conflictOnEmail(err);
    }
    if (!user) throw new GatewayError('invalid_invitation');
    if (user === 'tenant_suspended') throw new GatewayError('tenant_suspended', 'The account you are invited into is suspended.');
    return user;
  }
}

function tokenHash(token: string): Uint8Array<ArrayBuffer> {
  return new Uint8Array(createHash('sha256').update(token).digest());
}
