import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsBoolean,
  IsIn,
  IsInt,
  IsNotEmpty,
  IsOptional,
  IsString,
  IsUrl,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateIf,
  ValidateNested,
} from 'class-validator';
import { SLUG_PATTERN } from '../../../catalog/slug';
import type { ProviderKind } from '../../../generated/prisma/enums';
import { PROVIDER_KIND_NAMES, PROVIDER_KINDS, providerKindOf } from '../../../proxy/provider-kinds';
import { UPSTREAM_SECRET_ENV_PATTERN } from '../../../catalog/upstream-secret';
import { MAX_SAFE_PICO_USD, UsdAmountInput } from '../../../common/money/usd-amount.decorators';
import { INT4_MAX, IsOptionalNotNull, IsOptionalOrNull } from '../../../common/validation/rules';

/** Request bodies of the operator's catalog routes (snake_case on the wire, like the public API). */

const KINDS_WITHOUT_BASE_URL = PROVIDER_KIND_NAMES.filter((kind) => !PROVIDER_KINDS[kind].needsBaseUrl).join(' or ');

const PRICE = {
  description: 'USD per billing unit: $0.02 per 1M tokens is "0.00002" per 1k tokens.',
  example: '0.00002',
  maxPicoUsd: MAX_SAFE_PICO_USD,
};

export class UpstreamRequest {
  @ApiProperty({ maxLength: 100 })
  @IsString()
  @IsNotEmpty()
  @MaxLength(100)
  name!: string;

  @ApiProperty({ enum: PROVIDER_KIND_NAMES, enumName: 'ProviderKind' })
  @IsIn(PROVIDER_KIND_NAMES)
  kind!: ProviderKind;

  @ApiPropertyOptional({ format: 'uri', description: `Required unless kind is ${KINDS_WITHOUT_BASE_URL}.` })
  // Unless the kind is one that needs none (an unknown kind gets its own problem, and this one).
  @ValidateIf((o: UpstreamRequest) => providerKindOf(o.kind)?.needsBaseUrl !== false)
  @IsUrl({ require_tld: false, protocols: ['http', 'https'], require_protocol: true })
  base_url?: string;

  @ApiPropertyOptional({ maxLength: 500, description: 'Appended to base_url; empty or starting with /.' })
  @IsOptional()
  @IsString()
  @MaxLength(500)
  @Matches(/^(\/.*)?$/, { message: 'path must be empty or start with /' })
  path?: string;

  @ApiPropertyOptional({
    type: 'integer',
    minimum: 1,
    maximum: 600_000,
    default: 30_000,
    description: 'Longest wait for the headers, and between body chunks.',
  })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(600_000)
  timeout_ms?: number;

  @ApiPropertyOptional({ description: 'The header that carries the provider secret, e.g. Authorization or X-Api-Key.' })
  @IsOptional()
  @IsString()
  @Matches(/^[A-Za-z0-9-]+$/, { message: 'auth_header must be a header name' })
  auth_header?: string;

  @ApiPropertyOptional({ maxLength: 50, description: 'Put before the secret in that header, e.g. "Bearer ".' })
  @IsOptional()
  @IsString()
  @MaxLength(50)
  auth_scheme?: string;

  @ApiPropertyOptional({
    pattern: UPSTREAM_SECRET_ENV_PATTERN.source,
    description: 'The environment variable that holds the secret (UPSTREAM_SECRET_… only); the secret itself is never stored.',
  })
  @IsOptional()
  @Matches(UPSTREAM_SECRET_ENV_PATTERN, {
    message: 'auth_secret_env must be an environment variable named UPSTREAM_SECRET_<NAME> (A-Z, 0-9, _)',
  })
  auth_secret_env?: string;

  @ApiPropertyOptional({
    type: 'integer',
    minimum: 1024,
    maximum: 1_073_741_824,
    nullable: true,
    description: 'Largest whole answer in bytes; absent: UPSTREAM_MAX_RESPONSE_BYTES.',
  })
  @IsOptional()
  @IsInt()
  @Min(1024)
  @Max(1_073_741_824)
  max_response_bytes?: number | null;

  @ApiPropertyOptional({
    type: 'integer',
    minimum: 1,
    maximum: 3_600_000,
    nullable: true,
    description: 'Connect to last byte of a whole answer, in ms; absent: UPSTREAM_DEADLINE_MS.',
  })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(3_600_000)
  deadline_ms?: number | null;

  @ApiPropertyOptional({
    maxLength: 200,
    description: 'The upstream-side model sent to an openai upstream (fixed by the operator, never by the caller).',
  })
  @IsOptional()
  @IsString()
  @IsNotEmpty()
  @MaxLength(200)
  model?: string;

  @ApiPropertyOptional({
    maxLength: 100,
    description: "The endpoint model this upstream serves (one of the endpoint's models); absent: every model.",
  })
  @IsOptional()
  @IsString()
  @IsNotEmpty()
  @MaxLength(100)
  serves_model?: string;

  @ApiPropertyOptional({ default: true })
  @IsOptional()
  @IsBoolean()
  enabled?: boolean;
}

export class ModelRequest {
  @ApiProperty({ pattern: '^[A-Za-z0-9][A-Za-z0-9._:/-]{0,99}$', description: 'What the caller sends as `model`.' })
  @IsString()
  @Matches(/^[A-Za-z0-9][A-Za-z0-9._:/-]{0,99}$/, { message: 'model name must be 1-100 letters, digits or ._:/-' })
  name!: string;

  @UsdAmountInput(PRICE)
  wholesale_usd_per_unit!: string;

  @UsdAmountInput(PRICE)
  resale_usd_per_unit!: string;

  @ApiPropertyOptional({
    type: 'integer',
    minimum: 1,
    maximum: INT4_MAX,
    description:
      "The most output tokens one call of this model can produce (its upstream's limit): what a budget holds for the output of a call that sends no max_tokens; absent: the endpoint's.",
  })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(INT4_MAX)
  max_output_tokens?: number;
}

export class CreateCatalogEntryRequest {
  @ApiProperty({ pattern: SLUG_PATTERN.source, description: '`<category>.<operation>`; the category decides the billing unit.' })
  @IsString()
  @Matches(SLUG_PATTERN, { message: 'slug must be <category>.<operation>, e.g. text.summarize' })
  slug!: string;

  @ApiPropertyOptional({ maxLength: 2000 })
  @IsOptional()
  @IsString()
  @MaxLength(2000)
  description?: string;

  @UsdAmountInput(PRICE)
  wholesale_usd_per_unit!: string;

  @UsdAmountInput(PRICE)
  resale_usd_per_unit!: string;

  @ApiPropertyOptional({
    type: 'integer',
    minimum: 1,
    maximum: Number.MAX_SAFE_INTEGER,
    description: "Sanity cap on one call's usage (base measure); absent: the billing unit's default.",
  })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(Number.MAX_SAFE_INTEGER)
  max_quantity_per_call?: number;

  @ApiPropertyOptional({
    type: 'integer',
    minimum: 1,
    maximum: INT4_MAX,
    description:
      "Token endpoints: the most output tokens one call can produce (the upstream's limit): what a budget holds for the output of a call that sends no max_tokens; absent: none declared (the quantity cap is held).",
  })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(INT4_MAX)
  max_output_tokens?: number;

  @ApiProperty({
    type: 'integer',
    minimum: 1,
    maximum: INT4_MAX,
    description: 'Requests per key per window unless the operator or the key says otherwise.',
  })
  @IsInt()
  @Min(1)
  @Max(INT4_MAX)
  default_rate_limit!: number;

  @ApiPropertyOptional({ type: 'integer', minimum: 0, maximum: INT4_MAX, default: 0 })
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(INT4_MAX)
  declared_latency_ms?: number;

  @ApiPropertyOptional({ default: false })
  @IsOptional()
  @IsBoolean()
  streamable?: boolean;

  @ApiProperty({ type: [UpstreamRequest], minItems: 1, maxItems: 10, description: 'In fallback order.' })
  @ValidateNested({ each: true })
  @Type(() => UpstreamRequest)
  @ArrayMinSize(1)
  @ArrayMaxSize(10)
  upstreams!: UpstreamRequest[];

  @ApiPropertyOptional({
    type: [ModelRequest],
    maxItems: 50,
    description: 'Models a caller may choose, each at its own price; the first is the default. Omit for one price.',
  })
  @IsOptional()
  @ValidateNested({ each: true })
  @Type(() => ModelRequest)
  @ArrayMaxSize(50)
  models?: ModelRequest[];
}

export class UpdateCatalogEntryRequest {
  @ApiPropertyOptional({ maxLength: 2000 })
  @IsOptionalNotNull()
  @IsString()
  @MaxLength(2000)
  description?: string;

  @UsdAmountInput({ ...PRICE, optional: true })
  wholesale_usd_per_unit?: string;

  @UsdAmountInput({ ...PRICE, optional: true })
  resale_usd_per_unit?: string;

  @ApiPropertyOptional({
    type: 'integer',
    minimum: 1,
    maximum: Number.MAX_SAFE_INTEGER,
    nullable: true,
    description: "Sanity cap on one call's usage (base measure); null: the billing unit's default.",
  })
  @IsOptionalOrNull()
  @IsInt()
  @Min(1)
  @Max(Number.MAX_SAFE_INTEGER)
  max_quantity_per_call?: number | null;

  @ApiPropertyOptional({
    type: 'integer',
    minimum: 1,
    maximum: INT4_MAX,
    nullable: true,
    description:
      "Token endpoints: the most output tokens one call can produce (the upstream's limit), held by budgets for a call without max_tokens; null: none declared.",
  })
  @IsOptionalOrNull()
  @IsInt()
  @Min(1)
  @Max(INT4_MAX)
  max_output_tokens?: number | null;

  @ApiPropertyOptional({ type: 'integer', minimum: 1, maximum: INT4_MAX })
  @IsOptionalNotNull()
  @IsInt()
  @Min(1)
  @Max(INT4_MAX)
  default_rate_limit?: number;

  @ApiPropertyOptional({ type: 'integer', minimum: 0, maximum: INT4_MAX })
  @IsOptionalNotNull()
  @IsInt()
  @Min(0)
  @Max(INT4_MAX)
  declared_latency_ms?: number;

  @ApiPropertyOptional()
  @IsOptionalNotNull()
  @IsBoolean()
  streamable?: boolean;

  @ApiPropertyOptional({ description: 'A disabled endpoint answers 503 endpoint_disabled.' })
  @IsOptionalNotNull()
  @IsBoolean()
  enabled?: boolean;
}

export class ReplaceModelsRequest {
  @ApiProperty({
    type: [ModelRequest],
    maxItems: 50,
    description: 'The whole list, in order (the first is the default); [] removes every model.',
  })
  @ValidateNested({ each: true })
  @Type(() => ModelRequest)
  @ArrayMaxSize(50)
  models!: ModelRequest[];
}

export class SetEndpointLimitRequest {
  @ApiProperty({
    type: 'integer',
    minimum: 1,
    maximum: INT4_MAX,
    nullable: true,
    description: "Requests per key per window on this endpoint; null removes the operator's limit.",
  })
  @ValidateIf((_, v) => v !== null)
  @IsInt()
  @Min(1)
  @Max(INT4_MAX)
  requests_per_window!: number | null;
}

export class ReplaceUpstreamsRequest {
  @ApiProperty({ type: [UpstreamRequest], minItems: 1, maxItems: 10, description: 'The whole list, in fallback order.' })
  @ValidateNested({ each: true })
  @Type(() => UpstreamRequest)
  @ArrayMinSize(1)
  @ArrayMaxSize(10)
  upstreams!: UpstreamRequest[];
}
