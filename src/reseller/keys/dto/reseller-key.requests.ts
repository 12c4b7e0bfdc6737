import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsInt, IsISO8601, IsOptional, IsString, IsUUID, Max, MaxLength, Min } from 'class-validator';
import { PageQuery } from '../../../common/pagination/page.dto';
import { INT4_MAX } from '../../../common/validation/rules';

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
