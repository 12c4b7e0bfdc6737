import { ApiProperty } from '@nestjs/swagger';
import { IsIn, IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { IsNewPassword, IsUserEmail, NEW_PASSWORD_PROPERTY } from '../../../users/dto/new-user.requests';
import { EMAIL_MAX_LENGTH } from '../../../users/email';
import { TENANT_ROLES, type TenantRole } from '../../../users/users.service';

export const ROLE_PROPERTY = {
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

export class InspectInvitationRequest {
  @ApiProperty({ maxLength: 100, description: 'The token of POST /users (`gwi_…`).' })
  @IsString()
  @MaxLength(100)
  token!: string;
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
