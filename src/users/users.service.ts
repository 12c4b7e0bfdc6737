import { Injectable } from '@nestjs/common';
import { GatewayError } from '../common/errors/error-catalog';
import type { Prisma } from '../generated/prisma/client';
import type { UserRole } from '../generated/prisma/enums';
import { normaliseEmail } from './email';
import { PasswordHasher } from './password-hasher';
import { StoredUser, UserDefinition, UsersRepository } from './users.repository';

/** The roles a tenant's user can have (operators belong to no tenant). */
export const TENANT_ROLES = ['owner', 'developer', 'viewer'] as const satisfies readonly UserRole[];
export type TenantRole = (typeof TENANT_ROLES)[number];

/** A new user as a use case describes it: the password in clear, the email as typed. */
export interface NewUser {
  email: string;
  password: string;
  name: string;
}

/**
 * Console users: a tenant's users with their roles (a tenant always keeps an owner) and the
 * operators. Knows nothing of HTTP or sessions; ending a removed user's sessions is the caller's.
 */
@Injectable()
export class UsersService {
  constructor(
    private readonly repository: UsersRepository,
    private readonly hasher: PasswordHasher,
  ) {}

  /**
   * What a new user's row holds, the password hashed (~50 ms: done before any transaction opens).
   * 409 when an account has the email already.
   */
  async define(user: NewUser, role: UserRole, tenantId: string | null): Promise<UserDefinition> {
    const email = normaliseEmail(user.email);
    if (await this.repository.emailTaken(email)) throw emailTaken();
    return { email, name: user.name, role, tenantId, passwordHash: await this.hasher.hash(user.password) };
  }

  /** Creates a user from define()'s row, in the caller's transaction when given one; 409 when the email was taken meanwhile. */
  async create(definition: UserDefinition, db?: Prisma.TransactionClient): Promise<StoredUser> {
    try {
      return await this.repository.create(definition, db);
    } catch (err) {
      throw conflictOnEmail(err);
    }
  }

  async createOperator(user: NewUser): Promise<StoredUser> {
    return this.create(await this.define(user, 'operator', null));
  }

  async getInTenant(tenantId: string, id: string): Promise<StoredUser> {
    const user = await this.repository.findInTenant(tenantId, id);
    if (!user) throw notFound();
    return user;
  }

  /** Any user, a tenant's or an operator (the operator API's view); 404 for an unknown id. */
  async get(id: string): Promise<StoredUser> {
    const user = await this.repository.findById(id);
    if (!user) throw notFound();
    return user;
  }

  listInTenant(tenantId: string, take: number, cursor?: string): Promise<StoredUser[]> {
    return this.repository.listInTenant(tenantId, take, cursor);
  }

  /** 404 for another tenant's user; 409 when it would leave the tenant without an owner. */
  async changeRole(tenantId: string, id: string, role: TenantRole): Promise<StoredUser> {
    return settled(await this.repository.changeRole(tenantId, id, role));
  }

  /** 404 for another tenant's user; 409 for the tenant's last owner. */
  async removeFromTenant(tenantId: string, id: string): Promise<StoredUser> {
    return settled(await this.repository.deleteFromTenant(tenantId, id));
  }

  listOperators(take: number, cursor?: string): Promise<StoredUser[]> {
    return this.repository.listOperators(take, cursor);
  }

  /** 404 for an id that is no operator's; 409 for the last operator. */
  async removeOperator(id: string): Promise<void> {
    const removed = await this.repository.deleteOperator(id);
    if (removed === 'not_found') throw new GatewayError('resource_not_found', 'No operator has this id.');
    if (removed === 'last_operator') {
      throw new GatewayError('conflict', 'The gateway keeps at least one operator: add another operator before removing this one.');
    }
  }

  /** Notes a sign-in that did not go through a password check (sign-up, an accepted invitation). */
  recordSignIn(id: string): Promise<StoredUser> {
    return this.repository.recordSignIn(id);
  }

  async setPassword(id: string, password: string): Promise<void> {
    await this.repository.setPasswordHash(id, await this.hasher.hash(password));
  }
}

function settled(result: StoredUser | 'not_found' | 'last_owner'): StoredUser {
  if (result === 'not_found') throw notFound();
  if (result === 'last_owner') throw new GatewayError('conflict', 'A tenant keeps at least one owner: make another user owner first.');
  return result;
}

const notFound = () => new GatewayError('resource_not_found', 'No user has this id.');
const emailTaken = () => new GatewayError('conflict', 'An account with this email exists already.');

/** The users.email unique index refused the row: the email was taken between the check and the insert. */
export function conflictOnEmail(err: unknown): unknown {
  return (err as { code?: string }).code === 'P2002' ? emailTaken() : err;
}
