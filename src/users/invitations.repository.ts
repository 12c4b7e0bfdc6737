import { Injectable } from '@nestjs/common';
import { afterCursor, NEWEST_FIRST } from '../common/pagination/cursor';
import { PrismaService } from '../database/prisma.service';
import type { Prisma, UserInvitation } from '../generated/prisma/client';
import { UsersRepository, type UserDefinition } from './users.repository';

const PUBLIC_FIELDS = {
  id: true,
  tenantId: true,
  email: true,
  role: true,
  expiresAt: true,
  acceptedAt: true,
  createdById: true,
  createdAt: true,
} as const satisfies Prisma.UserInvitationSelect;

export type InvitationDefinition = Pick<UserInvitation, 'tenantId' | 'email' | 'role' | 'tokenHash' | 'expiresAt' | 'createdById'>;

/** Invitations, always within one tenant (but acceptance, which has only the token). */
@Injectable()
export class InvitationsRepository {
  constructor(
    private readonly prisma: PrismaService,
    private readonly users: UsersRepository,
  ) {}

  create(data: InvitationDefinition) {
    return this.prisma.userInvitation.create({ data, select: PUBLIC_FIELDS });
  }

  /** A tenant's invitations not accepted yet (expired ones included: the owner sees they lapsed), newest first. */
  listPending(tenantId: string, take: number, cursor?: string) {
    const scope: Prisma.UserInvitationWhereInput = { tenantId, acceptedAt: null };
    const after = afterCursor(cursor);
    return this.prisma.userInvitation.findMany({
      where: after ? { AND: [scope, after] } : scope,
      orderBy: NEWEST_FIRST,
      take,
      select: PUBLIC_FIELDS,
    });
  }

  /** Withdraws a pending invitation of this tenant; false when it has none with this id. */
  async deletePending(tenantId: string, id: string): Promise<boolean> {
    const { count } = await this.prisma.userInvitation.deleteMany({ where: { id, tenantId, acceptedAt: null } });
    return count === 1;
  }

  /** The pending, unexpired invitation with this token hash and its tenant's name, or null. */
  async findPending(tokenHash: Uint8Array<ArrayBuffer>) {
    const invitation = await this.prisma.userInvitation.findUnique({
      where: { tokenHash },
      select: { email: true, role: true, expiresAt: true, acceptedAt: true, tenant: { select: { name: true } } },
    });
    if (!invitation || invitation.acceptedAt || invitation.expiresAt.getTime() <= Date.now()) return null;
    return { email: invitation.email, role: invitation.role, expiresAt: invitation.expiresAt, organization: invitation.tenant.name };
  }

  /**
   * Accepts the pending, unexpired invitation with this token hash: marks it accepted and creates its
   * user in one transaction (an email taken meanwhile rolls both back). Null when there is no such
   * invitation; one accepted by a concurrent call counts as none.
   */
  accept(tokenHash: Uint8Array<ArrayBuffer>, user: Pick<UserDefinition, 'name' | 'passwordHash'>) {
    return this.prisma.$transaction(async (tx) => {
      const invitation = await tx.userInvitation.findUnique({ where: { tokenHash }, select: PUBLIC_FIELDS });
      if (!invitation || invitation.acceptedAt || invitation.expiresAt.getTime() <= Date.now()) return null;
      const { count } = await tx.userInvitation.updateMany({
        where: { id: invitation.id, acceptedAt: null },
        data: { acceptedAt: new Date() },
      });
      if (count !== 1) return null;
      return this.users.create({ ...user, email: invitation.email, role: invitation.role, tenantId: invitation.tenantId }, tx);
    });
  }
}

export type StoredInvitation = Awaited<ReturnType<InvitationsRepository['create']>>;
