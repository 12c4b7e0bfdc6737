import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsInt, IsNotEmpty, IsOptional, IsString, IsUUID, Max, MaxLength, Min } from 'class-validator';
import { IdsPageQuery } from '../../../common/pagination/ids.requests';
import { SearchQueryParameter } from '../../../common/search/search-query';
import { INT4_MAX, IsOptionalNotNull, IsOptionalOrNull } from '../../../common/validation/rules';

const KIND_DESCRIPTION = 'A reseller resells to customers of its own (the reseller API); a direct account calls for itself.';
const RATE_LIMIT_DESCRIPTION = "Requests per window across all the tenant's keys and slugs; null for no tenant-wide cap.";

export class CreateTenantRequest {
  @ApiPropertyOptional({
    format: 'uuid',
    description: 'The plan the tenant is on: it bounds the categories its keys may call and its tenant-wide limit.',
  })
  @IsOptional()
  @IsUUID()
  plan_id?: string;

  @ApiProperty({ minLength: 1, maxLength: 200 })
  @IsString()
  @IsNotEmpty()
  @MaxLength(200)
  name!: string;

  @ApiPropertyOptional({ enum: ['reseller', 'direct'], default: 'direct', description: KIND_DESCRIPTION })
  @IsOptional()
  @IsIn(['reseller', 'direct'])
  kind?: 'reseller' | 'direct';

  @ApiPropertyOptional({ type: 'integer', minimum: 1, maximum: INT4_MAX, nullable: true, description: RATE_LIMIT_DESCRIPTION })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(INT4_MAX)
  rate_limit_per_window?: number | null;
}

const PLAN_DESCRIPTION = 'The plan the tenant is on: it bounds the categories its keys may call and its tenant-wide limit.';

export class UpdateTenantRequest {
  @ApiPropertyOptional({ type: String, format: 'uuid', nullable: true, description: `${PLAN_DESCRIPTION} null: none.` })
  @IsOptionalOrNull()
  @IsUUID()
  plan_id?: string | null;

  @ApiPropertyOptional({ minLength: 1, maxLength: 200 })
  @IsOptionalNotNull()
  @IsString()
  @IsNotEmpty()
  @MaxLength(200)
  name?: string;

  @ApiPropertyOptional({ enum: ['reseller', 'direct'], description: KIND_DESCRIPTION })
  @IsOptionalNotNull()
  @IsIn(['reseller', 'direct'])
  kind?: 'reseller' | 'direct';

  @ApiPropertyOptional({
    enum: ['active', 'suspended'],
    description: "A suspended tenant's keys get 403 tenant_suspended at once, on every process.",
  })
  @IsOptionalNotNull()
  @IsIn(['active', 'suspended'])
  status?: 'active' | 'suspended';

  @ApiPropertyOptional({ type: 'integer', minimum: 1, maximum: INT4_MAX, nullable: true, description: RATE_LIMIT_DESCRIPTION })
  @IsOptionalOrNull()
  @IsInt()
  @Min(1)
  @Max(INT4_MAX)
  rate_limit_per_window?: number | null;
}

export class TenantListQuery extends IdsPageQuery {
  @SearchQueryParameter('Search as you type: the tenants whose name starts with this, ignoring case.')
  q?: string;
}
