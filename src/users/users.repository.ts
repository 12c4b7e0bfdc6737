import { Injectable } from '@nestjs/common';
import { afterCursor, NEWEST_FIRST } from '../common/pagination/cursor';
import { PrismaService } from '../database/prisma.service';
import type { Prisma, User } from '../generated/prisma/client';
import type { UserRole } from '../generated/prisma/enums';

/** The columns every read returns: never the password hash (only sign-in reads that, below). */
const PUBLIC_FIELDS = {
  id: true,
  email: true,
  name: true,
  role: true,
  tenantId: true,
  createdAt: true,
  updatedAt: true,
  lastSignInAt: true,
} as const satisfies Prisma.UserSelect;

/** What defines a new user (email already normalised, password already hashed). */
export type UserDefinition = Pick<User, 'email' | 'passwordHash' | 'name' | 'role' | 'tenantId'>;

/** Why a change of a tenant's users was refused. */
export type OwnerGuardRefusal = 'not_found' | 'last_owner';

/** Why an operator's removal was refused. */
export type OperatorRemovalRefusal = 'not_found' | 'last_operator';

/**
 * The transaction-scoped advisory lock every operator removal takes: operators have no parent row to
 * lock (as a tenant's users have the tenant's), so two operators removing each other at the same
 * moment serialise on this key instead. Any constant works; this one spells "operators".
 */
export const OPERATORS_LOCK_KEY = 0x6f70657273;

/**
 * Console users. Tenant users are always read within their tenant (another tenant's user id reads as
 * absent); operators are the users without a tenant.
 */
@Injectable()
export class UsersRepository {
  constructor(private readonly prisma: PrismaService) {}

  /** Creates a user, in the caller's transaction when given one. */
  create(data: UserDefinition, db: Prisma.TransactionClient = this.prisma) {
    return db.user.create({ data, select: PUBLIC_FIELDS });
  }

  /** What sign-in needs: the hash, and who the user is. */
  findCredentials(email: string) {
    return this.prisma.user.findUnique({ where: { email }, select: { ...PUBLIC_FIELDS, passwordHash: true } });
  }

  findPasswordHash(id: string) {
    return this.prisma.user.findUnique({ where: { id }, select: { passwordHash: true } });
  }

  /** Whether an account has this email. */
  async emailTaken(email: string): Promise<boolean> {
    return (await this.prisma.user.count({ where: { email } })) > 0;
  }

  /** A signed-in user as each request re-reads it: role and tenant status may have changed since sign-in. */
  findForSession(id: string) {
    return this.prisma.user.findUnique({ where: { id }, select: { ...PUBLIC_FIELDS, tenant: { select: { status: true } } } });
  }

  findInTenant(tenantId: string, id: string) {
    return this.prisma.user.findFirst({ where: { id, tenantId }, select: PUBLIC_FIELDS });
  }

  /** A tenant's users, newest first: `take` after the page `cursor` ended. */
  listInTenant(tenantId: string, take: number, cursor?: string) {
    return this.page({ tenantId }, take, cursor);
  }

  /** The operators, newest first. */
  listOperators(take: number, cursor?: string) {
    return this.page({ role: 'operator', tenantId: null }, take, cursor);
  }

  /** Any user (a tenant's or an operator), for the operator API. */
  findById(id: string) {
    return this.prisma.user.findUnique({ where: { id }, select: PUBLIC_FIELDS });
  }

  /** Whether any operator user exists (the first-operator setup is open only while none does). */
  async operatorExists(): Promise<boolean> {
    return (await this.prisma.user.count({ where: { role: 'operator', tenantId: null } })) > 0;
  }

  findOperator(id: string) {
    return this.prisma.user.findFirst({ where: { id, role: 'operator', tenantId: null }, select: PUBLIC_FIELDS });
  }

  /**
   * Deletes an operator, unless it is the last one: the admin area would then be reachable only with
   * the admin token. Removals take one lock for the count and the delete, so two operators removing
   * each other at the same moment cannot both succeed.
   */
  deleteOperator(id: string): Promise<true | OperatorRemovalRefusal> {
    return this.prisma.$transaction(async (tx) => {
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(${OPERATORS_LOCK_KEY}::bigint)`;
      const operators = { role: 'operator', tenantId: null } as const satisfies Prisma.UserWhereInput;
      if ((await tx.user.count({ where: { ...operators, id } })) === 0) return 'not_found';
      if ((await tx.user.count({ where: operators })) === 1) return 'last_operator';
      await tx.user.delete({ where: { id } });
      return true;
    });
  }

  /**
   * Gives a tenant's user another role, unless that leaves the tenant without an owner. The
   * tenant's row is locked for the check and the change, so two owners demoting each other at the
   * same moment cannot both succeed.
   */
  changeRole(tenantId: string, id: string, role: UserRole) {
    return this.withOwnersLocked(tenantId, id, role === 'owner', async (tx) => {
      if (role !== 'owner') await withdrawWhatTheyIssued(tx, id);
      return tx.user.update({ where: { id }, data: { role }, select: PUBLIC_FIELDS });
    });
  }

  /** Deletes a tenant's user, unless it is the tenant's last owner (same lock as changeRole). */
  deleteFromTenant(tenantId: string, id: string) {
    return this.withOwnersLocked(tenantId, id, false, async (tx) => {
      await withdrawWhatTheyIssued(tx, id);
      return tx.user.delete({ where: { id }, select: PUBLIC_FIELDS });
    });
  }

  /** Sets last_sign_in_at (and a re-hashed password, when given); returns the user as it is now. */
  recordSignIn(id: string, rehashed?: string) {
    return this.prisma.user.update({
      where: { id },
      data: { lastSignInAt: new Date(), ...(rehashed ? { passwordHash: rehashed } : {}) },
      select: PUBLIC_FIELDS,
    });
  }

  /** The user's own change of password: a reset link issued for them stops working. */
  async setPasswordHash(id: string, passwordHash: string): Promise<void> {
    await this.prisma.$transaction(async (tx) => {
      await tx.user.update({ where: { id }, data: { passwordHash } });
      await tx.passwordReset.deleteMany({ where: { userId: id } });
    });
  }

  private async withOwnersLocked<T>(
    tenantId: string,
    id: string,
    staysOwner: boolean,
    change: (tx: Prisma.TransactionClient) => Promise<T>,
  ): Promise<T | OwnerGuardRefusal> {
    return this.prisma.$transaction(async (tx) => {
      await tx.$queryRaw`SELECT 1 FROM tenants WHERE id = ${tenantId}::uuid FOR UPDATE`;
      const user = await tx.user.findFirst({ where: { id, tenantId }, select: { role: true } });
      if (!user) return 'not_found';
      if (user.role === 'owner' && !staysOwner && (await tx.user.count({ where: { tenantId, role: 'owner' } })) === 1) return 'last_owner';
      return change(tx);
    });
  }

  private page(scope: Prisma.UserWhereInput, take: number, cursor?: string) {
    const after = afterCursor(cursor);
    return this.prisma.user.findMany({
      where: after ? { AND: [scope, after] } : scope,
      orderBy: NEWEST_FIRST,
      take,
      select: PUBLIC_FIELDS,
    });
  }
}

/**
 * A user who stops being an owner (demoted or removed) takes back the invitations they sent and
 * nobody accepted yet, the password reset links they issued and the management keys they issued
 * (which act as owners): what they could grant went with the role (a removed owner would otherwise
 * come back through an invitation of their own, sign in as another owner through a reset link, or
 * call the reseller API as an owner with a key only they ever saw). Acceptance and a link's use
 * check the issuer's role too.
 */
async function withdrawWhatTheyIssued(tx: Prisma.TransactionClient, userId: string): Promise<void> {
  await tx.userInvitation.deleteMany({ where: { createdById: userId, acceptedAt: null } });
  await tx.passwordReset.deleteMany({ where: { issuedById: userId } });
  await tx.managementKey.updateMany({
    where: { createdByUserId: userId, status: 'active' },
    data: { status: 'revoked', revokedAt: new Date() },
  });
}

export type StoredUser = NonNullable<Awaited<ReturnType<UsersRepository['findInTenant']>>>;
export type SessionUser = NonNullable<Awaited<ReturnType<UsersRepository['findForSession']>>>;
