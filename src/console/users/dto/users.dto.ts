import { ApiProperty } from '@nestjs/swagger';
import { IsIn, IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { InvitationView } from '../../../users/dto/user.view';
import { IsNewPassword, IsUserEmail, NEW_PASSWORD_PROPERTY } from '../../../users/dto/new-user.requests';
import { EMAIL_MAX_LENGTH } from '../../../users/email';
import { TENANT_ROLES, type TenantRole } from '../../../users/users.service';

const ROLE_PROPERTY = {
  enum: TENANT_ROLES,
  description: 'owner: everything; developer: everything of the reseller API but users, the plan and management keys; viewer: reads.',
} as const;

export class InviteUserRequest {
  @ApiProperty({ format: 'email', maxLength: EMAIL_MAX_LENGTH, description: 'Stored trimmed and lower-cased.' })
  @IsUserEmail()
  email!: string;

  @ApiProperty(ROLE_PROPERTY)
  @IsIn(TENANT_ROLES)
  role!: TenantRole;
}

export class ChangeRoleRequest {
  @ApiProperty(ROLE_PROPERTY)
  @IsIn(TENANT_ROLES)
  role!: TenantRole;
}

/** An invitation just made: the only answer that carries its token. */
export class InvitationCreatedView {
  @ApiProperty({ type: () => InvitationView })
  invitation!: InvitationView;

  @ApiProperty({ description: 'Shown this once (only its hash is stored): give it to the invitee, who accepts with it within 7 days.' })
  token!: string;

  @ApiProperty({ description: "The console page that accepts it, with the token in the URL's fragment (never sent to a server)." })
  accept_url!: string;
}

export class InspectInvitationRequest {
  @ApiProperty({ maxLength: 100, description: 'The token of POST /users (`gwi_…`).' })
  @IsString()
  @MaxLength(100)
  token!: string;
}

/** What a pending invitation is for: shown to the invitee before they accept it. */
export class InvitationPreviewView {
  @ApiProperty({ description: 'The name of the tenant the invitee joins.' })
  organization!: string;

  @ApiProperty({ description: 'The email the account will have (the one invited).' })
  email!: string;

  @ApiProperty(ROLE_PROPERTY)
  role!: TenantRole;

  @ApiProperty({ format: 'date-time', description: 'After this instant the invitation can no longer be accepted.' })
  expires_at!: string;
}

export class AcceptInvitationRequest {
  @ApiProperty({ maxLength: 100, description: 'The token of POST /users (`gwi_…`).' })
  @IsString()
  @MaxLength(100)
  token!: string;

  @ApiProperty({ minLength: 1, maxLength: 200 })
  @IsString()
  @IsNotEmpty()
  @MaxLength(200)
  name!: string;

  @ApiProperty(NEW_PASSWORD_PROPERTY)
  @IsNewPassword()
  password!: string;
}
