import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsInt, IsISO8601, IsOptional, IsString, IsUUID, Max, MaxLength, Min } from 'class-validator';
import { PageQuery } from '../../../common/pagination/page.dto';
import { CreateKeyRequest } from '../../../keys/dto/api-key.requests';
import { IsOptionalNotNull, IsOptionalOrNull } from '../../../common/validation/rules';

/**
 * A key a tenant issues: name and expiry. Its limits are set with PUT /keys/{id}/limits, below the
 * operator's (a tenant never sets the operator's override).
 */
export class CreateResellerKeyRequest extends CreateKeyRequest {}

export class ResellerKeyListQuery extends PageQuery {
  @ApiPropertyOptional({ format: 'uuid', description: "One customer's keys; absent: every key of yours and your customers'." })
  @IsOptional()
  @IsUUID()
  customer_id?: string;
}

export class UpdateResellerKeyRequest {
  @ApiPropertyOptional({ maxLength: 200 })
  @IsOptionalNotNull()
  @IsString()
  @MaxLength(200)
  name?: string;

  @ApiPropertyOptional({ type: String, format: 'date-time', nullable: true, description: 'When the key stops working; null: never.' })
  @IsOptionalOrNull()
  @IsISO8601({ strict: true })
  expires_at?: string | null;
}

export const DEFAULT_ROTATION_GRACE_SECONDS = 86_400;
export const MAX_ROTATION_GRACE_SECONDS = 7 * 86_400;

export class RotateResellerKeyRequest {
  @ApiPropertyOptional({
    type: 'integer',
    minimum: 0,
    maximum: MAX_ROTATION_GRACE_SECONDS,
    default: DEFAULT_ROTATION_GRACE_SECONDS,
    description: 'How long the old key keeps working, in seconds (default 24 h, at most 7 days).',
  })
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(MAX_ROTATION_GRACE_SECONDS)
  grace_seconds?: number;
}
