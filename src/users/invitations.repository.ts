import { Injectable } from '@nestjs/common';
import { afterCursor, NEWEST_FIRST } from '../common/pagination/cursor';
import { PrismaService } from '../database/prisma.service';
import type { Prisma, UserInvitation } from '../generated/prisma/client';
import type { UserRole } from '../generated/prisma/enums';
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

  /**
   * The pending, unexpired invitation with this token hash whose inviter is still an owner of its
   * tenant, with the tenant's name and status; or null.
   */
  async findPending(tokenHash: Uint8Array<ArrayBuffer>) {
    const invitation = await this.prisma.userInvitation.findUnique({
      where: { tokenHash },
      select: {
        email: true,
        role: true,
        expiresAt: true,
        acceptedAt: true,
        tenantId: true,
        tenant: { select: { name: true, status: true } },
        createdBy: { select: { role: true, tenantId: true } },
      },
    });
    if (!invitation || invitation.acceptedAt || invitation.expiresAt.getTime() <= Date.now()) return null;
    if (!invitation.createdBy || !isOwnerOf(invitation.createdBy, invitation.tenantId)) return null;
    return {
      email: invitation.email,
      role: invitation.role,
      expiresAt: invitation.expiresAt,
      organization: invitation.tenant.name,
      tenantStatus: invitation.tenant.status,
    };
  }

  /**
   * Accepts the pending, unexpired invitation with this token hash: marks it accepted and creates its
   * user in one transaction (an email taken meanwhile rolls both back). Null when there is no such
   * invitation, or its inviter is no longer an owner of the tenant (removed or demoted: what they
   * could grant went with their role); one accepted by a concurrent call counts as none.
   * 'tenant_suspended' when the tenant is suspended (its users may read, not add users).
   */
  accept(tokenHash: Uint8Array<ArrayBuffer>, user: Pick<UserDefinition, 'name' | 'passwordHash'>) {
    return this.prisma.$transaction(async (tx) => {
      const invitation = await tx.userInvitation.findUnique({ where: { tokenHash }, select: PUBLIC_FIELDS });
      if (!invitation || invitation.acceptedAt || invitation.expiresAt.getTime() <= Date.now()) return null;
      if (!invitation.createdById) return null; // the inviter was deleted
      // FOR SHARE: a demotion or removal of the inviter running now waits for this acceptance to
      // end, or this reads the role it left (and that change withdraws the invitation anyway).
      const [inviter] = await tx.$queryRaw<Array<{ role: UserRole; tenant_id: string | null }>>`
        SELECT role, tenant_id FROM users WHERE id = ${invitation.createdById}::uuid FOR SHARE`;
      if (!inviter || !isOwnerOf({ role: inviter.role, tenantId: inviter.tenant_id }, invitation.tenantId)) return null;
      const tenant = await tx.tenant.findUnique({ where: { id: invitation.tenantId }, select: { status: true } });
      if (tenant?.status !== 'active') return 'tenant_suspended' as const;
      const { count } = await tx.userInvitation.updateMany({
        where: { id: invitation.id, acceptedAt: null },
        data: { acceptedAt: new Date() },
      });
      if (count !== 1) return null;
      return this.users.create({ ...user, email: invitation.email, role: invitation.role, tenantId: invitation.tenantId }, tx);
    });
  }
}

function isOwnerOf(user: { role: UserRole; tenantId: string | null }, tenantId: string): boolean {
  return user.role === 'owner' && user.tenantId === tenantId;
}

export type StoredInvitation = Awaited<ReturnType<InvitationsRepository['create']>>;
