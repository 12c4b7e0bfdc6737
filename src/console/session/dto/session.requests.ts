import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsNotEmpty, IsOptional, IsString, IsUUID, MaxLength } from 'class-validator';
import { EMAIL_MAX_LENGTH } from '../../../users/email';
import { IsNewPassword, IsUserEmail, NEW_PASSWORD_PROPERTY, NewUserRequest } from '../../../users/dto/new-user.requests';

/** A password as typed at sign-in: anything up to a bound (the policy applies to new passwords only). */
const TYPED_PASSWORD_MAX_LENGTH = 1024;

export class SignUpRequest extends NewUserRequest {
  @ApiProperty({ minLength: 1, maxLength: 200, description: "The new tenant's name (your organisation)." })
  @IsString()
  @IsNotEmpty()
  @MaxLength(200)
  organization!: string;

  @ApiProperty({
    enum: ['direct', 'reseller'],
    description: 'reseller: you resell to customers of your own; direct: you call for yourself.',
  })
  @IsIn(['direct', 'reseller'])
  kind!: 'direct' | 'reseller';

  @ApiPropertyOptional({
    format: 'uuid',
    description:
      "A public plan (GET /api/public/v1/plans); omitted: the operator's default plan for sign-ups (none if the operator flagged none).",
  })
  @IsOptional()
  @IsUUID()
  plan_id?: string;
}

export class SignInRequest {
  @ApiProperty({ format: 'email', maxLength: EMAIL_MAX_LENGTH })
  @IsUserEmail()
  email!: string;

  @ApiProperty({ format: 'password', minLength: 1, maxLength: TYPED_PASSWORD_MAX_LENGTH })
  @IsString()
  @IsNotEmpty()
  @MaxLength(TYPED_PASSWORD_MAX_LENGTH)
  password!: string;
}

export class ChangePasswordRequest {
  @ApiProperty({ format: 'password', minLength: 1, maxLength: TYPED_PASSWORD_MAX_LENGTH })
  @IsString()
  @IsNotEmpty()
  @MaxLength(TYPED_PASSWORD_MAX_LENGTH)
  current_password!: string;

  @ApiProperty(NEW_PASSWORD_PROPERTY)
  @IsNewPassword()
  new_password!: string;
}
