import { MAX_ROTATION_GRACE_SECONDS } from '../../../keys/api-key.repository';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsInt, IsISO8601, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { IdsQueryParameter } from '../../../common/pagination/ids.requests';
import { PageQuery } from '../../../common/pagination/page.requests';
import { CustomerIdFilter } from '../../../customers/dto/customer-id-filter.requests';
import { CreateKeyRequest } from '../../../keys/dto/api-key.requests';
import { IsOptionalNotNull, IsOptionalOrNull } from '../../../common/validation/rules';

/**
 * A key a tenant issues: name and expiry. Its limits are set with PUT /keys/{id}/limits, below the
 * operator's (a tenant never sets the operator's override).
 */
export class CreateResellerKeyRequest extends CreateKeyRequest {}

export class ResellerKeyListQuery extends PageQuery {
  @CustomerIdFilter(
    "One customer's keys, or `none` for your own keys only (those of no customer); absent: every key of yours and your customers'.",
  )
  customer_id?: string;

  @IdsQueryParameter(
    "The id of another tenant's key, or an unknown id, is simply absent from the page: never a 404, and never a sign that it exists.",
  )
  ids?: string[];
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
export { MAX_ROTATION_GRACE_SECONDS };

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
