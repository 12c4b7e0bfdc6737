import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsNotEmpty, IsObject, IsOptional, IsString, Matches, MaxLength, registerDecorator } from 'class-validator';
import { IdsQueryParameter } from '../../../common/pagination/ids.requests';
import { PageQuery } from '../../../common/pagination/page.requests';
import { SearchQueryParameter } from '../../../common/search/search-query';
import { IsOptionalNotNull } from '../../../common/validation/rules';

/** The reseller's own id for a customer: printable, no spaces, at most 200 characters. */
const EXTERNAL_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._:@/-]{0,199}$/;
const EXTERNAL_ID_DESCRIPTION = "Your own id for the customer, unique among your customers (a deleted customer's id is free again).";
const MAX_METADATA_BYTES = 8192;

/** A JSON object of at most 8 KiB (as JSON text). */
function IsSmallJsonObject(): PropertyDecorator {
  return (target, propertyName) =>
    registerDecorator({
      name: 'isSmallJsonObject',
      target: target.constructor,
      propertyName: propertyName as string,
      options: { message: `metadata must be a JSON object of at most ${MAX_METADATA_BYTES} bytes` },
      validator: {
        validate: (value: unknown) =>
          typeof value === 'object' &&
          value !== null &&
          !Array.isArray(value) &&
          Buffer.byteLength(JSON.stringify(value)) <= MAX_METADATA_BYTES,
      },
    });
}

export class CreateCustomerRequest {
  @ApiProperty({ minLength: 1, maxLength: 200 })
  @IsString()
  @IsNotEmpty()
  @MaxLength(200)
  name!: string;

  @ApiPropertyOptional({ pattern: EXTERNAL_ID_PATTERN.source, description: EXTERNAL_ID_DESCRIPTION })
  @IsOptional()
  @IsString()
  @Matches(EXTERNAL_ID_PATTERN, { message: 'external_id must be 1-200 letters, digits or ._:@/- (not starting with a sign)' })
  external_id?: string;

  @ApiPropertyOptional({ type: 'object', additionalProperties: true, description: 'Free-form JSON object, at most 8 KiB.' })
  @IsOptional()
  @IsObject()
  @IsSmallJsonObject()
  metadata?: Record<string, unknown>;
}

export class UpdateCustomerRequest {
  @ApiPropertyOptional({ minLength: 1, maxLength: 200 })
  @IsOptionalNotNull()
  @IsString()
  @IsNotEmpty()
  @MaxLength(200)
  name?: string;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    pattern: EXTERNAL_ID_PATTERN.source,
    description: `${EXTERNAL_ID_DESCRIPTION} null removes it.`,
  })
  @IsOptional()
  @IsString()
  @Matches(EXTERNAL_ID_PATTERN, { message: 'external_id must be 1-200 letters, digits or ._:@/- (not starting with a sign)' })
  external_id?: string | null;

  @ApiPropertyOptional({ type: 'object', additionalProperties: true, description: 'Replaces the whole metadata object; at most 8 KiB.' })
  @IsOptionalNotNull()
  @IsObject()
  @IsSmallJsonObject()
  metadata?: Record<string, unknown>;
}

export class CustomerListQuery extends PageQuery {
  @SearchQueryParameter(
    'Search as you type: the customers whose name starts with this, ignoring case, and the one whose external_id is exactly this.',
  )
  q?: string;

  @ApiPropertyOptional({ pattern: EXTERNAL_ID_PATTERN.source, description: 'The customer with this external_id (at most one).' })
  @IsOptional()
  @IsString()
  @Matches(EXTERNAL_ID_PATTERN, { message: 'external_id must be 1-200 letters, digits or ._:@/- (not starting with a sign)' })
  external_id?: string;

  @ApiPropertyOptional({ enum: ['active', 'suspended'] })
  @IsOptional()
  @IsIn(['active', 'suspended'])
  status?: 'active' | 'suspended';

  @IdsQueryParameter(
    "The id of a deleted customer, of another tenant's customer, or an unknown id is simply absent from the page: never a 404, and never a sign that it exists.",
  )
  ids?: string[];
}
