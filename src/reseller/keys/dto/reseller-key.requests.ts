import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsInt, IsISO8601, IsOptional, IsString, IsUUID, Max, MaxLength, Min } from 'class-validator';
import { PageQuery } from '../../../common/pagination/page.dto';
import { INT4_MAX, IsOptionalNotNull, IsOptionalOrNull } from '../../../common/validation/rules';

export class CreateResellerKeyRequest {
  @ApiPropertyOptional({ maxLength: 200, description: 'A label for your own use.' })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  name?: string;

  @ApiPropertyOptional({ format: 'date-time', description: 'ISO 8601 instant after which the key stops working (401 expired_api_key).' })
  @IsOptional()
  @IsISO8601({ strict: true })
  expires_at?: string;

  @ApiPropertyOptional({ type: 'integer', minimum: 1, maximum: INT4_MAX, description: 'Per-slug requests per window for this key.' })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(INT4_MAX)
  rate_limit_per_window?: number;
}

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

  @ApiPropertyOptional({
    type: 'integer',
    minimum: 1,
    maximum: INT4_MAX,
    nullable: true,
    description: "Per-slug requests per window; null: the endpoint's limit.",
  })
  @IsOptionalOrNull()
  @IsInt()
  @Min(1)
  @Max(INT4_MAX)
  rate_limit_per_window?: number | null;
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
