import { ApiProperty } from '@nestjs/swagger';
import { IsString, MaxLength } from 'class-validator';
import { IsNewPassword, NEW_PASSWORD_PROPERTY } from '../../../users/dto/new-user.requests';

const TOKEN_PROPERTY = { maxLength: 100, description: 'The token of a reset link (`gwr_…`).' } as const;

export class InspectPasswordResetRequest {
  @ApiProperty(TOKEN_PROPERTY)
  @IsString()
  @MaxLength(100)
  token!: string;
}

export class UsePasswordResetRequest {
  @ApiProperty(TOKEN_PROPERTY)
  @IsString()
  @MaxLength(100)
  token!: string;

  @ApiProperty(NEW_PASSWORD_PROPERTY)
  @IsNewPassword()
  password!: string;
}
