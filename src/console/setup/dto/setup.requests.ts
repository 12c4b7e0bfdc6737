import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, MaxLength } from 'class-validator';
import { NewUserRequest } from '../../../users/dto/new-user.requests';

/** The first operator, and the proof that its creator runs this gateway: the setup link's token or the admin token (exactly one). */
export class CreateFirstOperatorRequest extends NewUserRequest {
  @ApiPropertyOptional({ maxLength: 100, description: 'The token of the setup link printed at start-up (`gws_…`, in its fragment).' })
  @IsOptional()
  @IsString()
  @MaxLength(100)
  setup_token?: string;

  @ApiPropertyOptional({ maxLength: 1000, description: 'ADMIN_TOKEN (or the content of `DATA_DIR/admin-token`), pasted once.' })
  @IsOptional()
  @IsString()
  @MaxLength(1000)
  admin_token?: string;
}
