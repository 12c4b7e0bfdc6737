import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayUnique, IsArray, IsBoolean, IsIn, IsInt, IsNotEmpty, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { MAX_SAFE_PICO_USD, UsdAmountInput } from '../../../common/money/usd-amount.decorators';
import { INT4_MAX, IsOptionalNotNull, IsOptionalOrNull } from '../../../common/validation/rules';
import { Category } from '../../../generated/prisma/enums';

const CATEGORIES = Object.values(Category);
const DEFAULT_FOR_SIGNUPS =
  'The plan a self-service sign-up that names none starts on (public or not). At most one plan: true here takes the flag from the plan that had it; false leaves sign-ups without a default (no plan).';

export class CreatePlanRequest {
  @ApiProperty({ minLength: 1, maxLength: 100 })
  @IsString()
  @IsNotEmpty()
  @MaxLength(100)
  name!: string;

  @ApiPropertyOptional({ maxLength: 2000 })
  @IsOptional()
  @IsString()
  @MaxLength(2000)
  description?: string;

  @UsdAmountInput({ description: 'USD per month.', example: '49', maxPicoUsd: MAX_SAFE_PICO_USD })
  monthly_fee_usd!: string;

  @ApiPropertyOptional({
    type: 'integer',
    minimum: 0,
    maximum: 10_000,
    default: 0,
    description: "Discount on the catalog's resale prices, in basis points.",
  })
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(10_000)
  resale_discount_bps?: number;

  @ApiPropertyOptional({
    type: 'integer',
    minimum: 1,
    maximum: INT4_MAX,
    nullable: true,
    description: 'Ceiling of the tenant-wide request limit.',
  })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(INT4_MAX)
  request_limit_per_window?: number | null;

  @UsdAmountInput({
    description: 'Default monthly spend cap of a new budget, in USD; null or absent: none.',
    example: '100',
    maxPicoUsd: MAX_SAFE_PICO_USD,
    optional: true,
    nullable: true,
  })
  default_monthly_spend_cap_usd?: string | null;

  @ApiPropertyOptional({ enum: CATEGORIES, isArray: true, description: 'Categories the plan includes; empty or absent: all.' })
  @IsOptional()
  @IsArray()
  @ArrayUnique()
  @IsIn(CATEGORIES, { each: true })
  allowed_categories?: Category[];

  @ApiPropertyOptional({ default: true })
  @IsOptional()
  @IsBoolean()
  public?: boolean;

  @ApiPropertyOptional({ default: false, description: DEFAULT_FOR_SIGNUPS })
  @IsOptional()
  @IsBoolean()
  default_for_signups?: boolean;
}

export class UpdatePlanRequest {
  @ApiPropertyOptional({ minLength: 1, maxLength: 100 })
  @IsOptionalNotNull()
  @IsString()
  @IsNotEmpty()
  @MaxLength(100)
  name?: string;

  @ApiPropertyOptional({ maxLength: 2000 })
  @IsOptionalNotNull()
  @IsString()
  @MaxLength(2000)
  description?: string;

  @UsdAmountInput({ description: 'USD per month.', example: '49', maxPicoUsd: MAX_SAFE_PICO_USD, optional: true })
  monthly_fee_usd?: string;

  @ApiPropertyOptional({ type: 'integer', minimum: 0, maximum: 10_000 })
  @IsOptionalNotNull()
  @IsInt()
  @Min(0)
  @Max(10_000)
  resale_discount_bps?: number;

  @ApiPropertyOptional({ type: 'integer', minimum: 1, maximum: INT4_MAX, nullable: true })
  @IsOptionalOrNull()
  @IsInt()
  @Min(1)
  @Max(INT4_MAX)
  request_limit_per_window?: number | null;

  @UsdAmountInput({
    description: 'Default monthly spend cap of a new budget, in USD; null: none.',
    example: '100',
    maxPicoUsd: MAX_SAFE_PICO_USD,
    optional: true,
    nullable: true,
  })
  default_monthly_spend_cap_usd?: string | null;

  @ApiPropertyOptional({ enum: CATEGORIES, isArray: true })
  @IsOptionalNotNull()
  @IsArray()
  @ArrayUnique()
  @IsIn(CATEGORIES, { each: true })
  allowed_categories?: Category[];

  @ApiPropertyOptional()
  @IsOptionalNotNull()
  @IsBoolean()
  public?: boolean;

  @ApiPropertyOptional({ description: DEFAULT_FOR_SIGNUPS })
  @IsOptionalNotNull()
  @IsBoolean()
  default_for_signups?: boolean;
}
