import { ApiProperty } from '@nestjs/swagger';
import { PageOf } from '../../common/pagination/page.view';
import { UserRole } from '../../generated/prisma/enums';
import type { StoredInvitation } from '../invitations.repository';
import type { StoredUser } from '../users.repository';

/** A console user: exactly these fields (never the password hash). */
export class UserView {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty({ description: 'Lower-case, as stored.' })
  email!: string;

  @ApiProperty()
  name!: string;

  @ApiProperty({
    enum: Object.values(UserRole),
    enumName: 'UserRole',
    description: 'owner: everything; developer: everything but users, plan and management keys; viewer: reads; operator: the operator API.',
  })
  role!: UserRole;

  @ApiProperty({ type: String, format: 'uuid', nullable: true, description: "The user's tenant; null for operators." })
  tenant_id!: string | null;

  @ApiProperty({ format: 'date-time' })
  created_at!: string;

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  last_sign_in_at!: string | null;

  static from(this: void, user: StoredUser): UserView {
    return Object.assign(new UserView(), {
      id: user.id,
      email: user.email,
      name: user.name,
      role: user.role,
      tenant_id: user.tenantId,
      created_at: user.createdAt.toISOString(),
      last_sign_in_at: user.lastSignInAt?.toISOString() ?? null,
    } satisfies UserView);
  }
}

export const UserPage = PageOf(UserView);

/** A pending invitation (never its token, which only its creation answer carries). */
export class InvitationView {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty()
  email!: string;

  @ApiProperty({ enum: ['owner', 'developer', 'viewer'], description: 'The role the user gets on accepting.' })
  role!: UserRole;

  @ApiProperty({ format: 'date-time', description: 'It cannot be accepted after this (7 days after its creation).' })
  expires_at!: string;

  @ApiProperty({ type: String, format: 'uuid', nullable: true, description: 'The owner who invited; null once removed.' })
  invited_by!: string | null;

  @ApiProperty({ format: 'date-time' })
  created_at!: string;

  static from(this: void, invitation: StoredInvitation): InvitationView {
    return Object.assign(new InvitationView(), {
      id: invitation.id,
      email: invitation.email,
      role: invitation.role,
      expires_at: invitation.expiresAt.toISOString(),
      invited_by: invitation.createdById,
      created_at: invitation.createdAt.toISOString(),
    } satisfies InvitationView);
  }
}

export const InvitationPage = PageOf(InvitationView);
