import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional, type ApiPropertyOptions } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
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
  registerDecorator,
  ValidateIf,
  ValidateNested,
  type ValidationArguments,
} from 'class-validator';
import { METER_NAMES } from '../../../catalog/meters';
import { SLUG_PATTERN } from '../../../catalog/slug';
import { Meter, type ProviderKind } from '../../../generated/prisma/enums';
import { readUsageMapping, UNIT_CONVERSIONS, type UsageLocation, type UsageUnit } from '../../../catalog/usage-mapping';
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

export const USAGE_UNITS = [...new Set(Object.values(UNIT_CONVERSIONS).flatMap((units) => Object.keys(units)))];

export const LOCATION_SCHEMA: ApiPropertyOptions = {
  oneOf: [
    {
      type: 'object',
      properties: { pointer: { type: 'string', maxLength: 200, example: '/usage/seconds' } },
      required: ['pointer'],
      additionalProperties: false,
      description: 'An RFC 6901 JSON pointer into the JSON answer ("" is the whole answer; ~0 stands for ~, ~1 for /).',
    },
    {
      type: 'object',
      properties: { header: { type: 'string', maxLength: 100, example: 'x-usage-seconds' } },
      required: ['header'],
      additionalProperties: false,
      description: 'A response header holding a decimal number (the name is case-insensitive).',
    },
  ],
  description: 'Where the quantity is in the answer.',
};
export const UNIT_DESCRIPTION =
  "What the number found counts, converted to the meter's base measure: milliseconds, seconds, minutes or hours for `minutes` (kept in ms); tokens, or characters (4 to a token) for token meters; the measure itself for the others. Only time units may be decimal (12.5 seconds = 12,500 ms); a fraction of the base measure after conversion rounds up.";
export const REQUIRED_DESCRIPTION =
  'Missing or invalid → the meter is estimated and usage_source is `estimated`. Not required and missing → the meter is not reported (present but invalid is still estimated).';

/** One entry of an http upstream's usage mapping (src/catalog/usage-mapping.ts), as the operator sends it. */
export class UsageMappingEntryRequest {
  @ApiProperty({ enum: METER_NAMES, enumName: 'Meter' })
  meter!: string;

  @ApiProperty(LOCATION_SCHEMA)
  from!: UsageLocation;

  @ApiPropertyOptional({ enum: USAGE_UNITS, description: `${UNIT_DESCRIPTION} Absent: the meter's base measure.` })
  unit?: UsageUnit;

  @ApiPropertyOptional({ default: true, description: REQUIRED_DESCRIPTION })
  required?: boolean;
}

/**
 * A valid http usage mapping (readUsageMapping), on an http upstream only. Every problem of the
 * mapping goes in one message, after the property path ("upstreams.0.usage_mapping is not valid: …").
 */
function IsUsageMapping(): PropertyDecorator {
  const problemsOf = (value: unknown, upstream: Partial<UpstreamRequest>): string[] => {
    if (upstream.kind !== 'http') return ['applies to http upstreams only'];
    return readUsageMapping(value).problems ?? [];
  };
  return (target, propertyName) =>
    registerDecorator({
      name: 'isUsageMapping',
      target: target.constructor,
      propertyName: propertyName as string,
      validator: {
        validate: (value: unknown, args: ValidationArguments) => problemsOf(value, args.object).length === 0,
        defaultMessage: (args: ValidationArguments) => `${args.property} is not valid: ${problemsOf(args.value, args.object).join('; ')}`,
      },
    });
}

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
    description: 'The upstream-side model sent to an openai, anthropic or gemini upstream (fixed by the operator, never by the caller).',
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

  @ApiPropertyOptional({
    type: [UsageMappingEntryRequest],
    nullable: true,
    description:
      "http upstreams: where each meter's quantity is in the answer (a JSON pointer or a response header), in what unit, and whether it must be there. Each meter at most once; at least one entry required. Absent or null: `usage.quantity` (or `usage.total_tokens`) of the answer, in the slug's unit.",
  })
  @IsOptionalOrNull()
  @IsUsageMapping()
  usage_mapping?: UsageMappingEntryRequest[] | null;

  @ApiPropertyOptional({ default: true })
  @IsOptional()
  @IsBoolean()
  enabled?: boolean;
}

const SHORTHAND = {
  ...PRICE,
  description: `${PRICE.description} The shorthand of a price in the slug's billing unit alone; send either both of these or "prices".`,
};

/** One meter of a price (docs/concepts/meters.md). */
export class MeterPriceRequest {
  @ApiProperty({ enum: Object.values(Meter), enumName: 'Meter' })
  @IsIn(Object.values(Meter))
  meter!: Meter;

  @UsdAmountInput({
    ...PRICE,
    description: "USD per the meter's unit (1k tokens, a minute, 1k characters, an image, a call) that the upstream costs.",
  })
  wholesale_usd_per_unit!: string;

  @UsdAmountInput({ ...PRICE, description: "USD per the meter's unit that tenants pay (before their plan discount)." })
  resale_usd_per_unit!: string;
}

/** `prices`, or both shorthand fields: one way to say a price, never both, never neither (required) or either (optional). */
function PriceFields(required: boolean): PropertyDecorator {
  return applyDecorators(
    ApiPropertyOptional({
      type: [MeterPriceRequest],
      minItems: 1,
      maxItems: 13,
      description:
        'The price per meter (at least one, each meter once; a text price is `tokens` alone, or split with both `input_tokens` and `output_tokens`). Instead of wholesale_usd_per_unit and resale_usd_per_unit.',
    }),
    ValidateIf((o: Record<string, unknown>) => o.prices !== undefined || (required && o.wholesale_usd_per_unit === undefined)),
    IsArray(),
    ArrayMinSize(1),
    ArrayMaxSize(13),
    ValidateNested({ each: true }),
    Type(() => MeterPriceRequest),
  );
}

export class ModelRequest {
  @ApiProperty({ pattern: '^[A-Za-z0-9][A-Za-z0-9._:/-]{0,99}$', description: 'What the caller sends as `model`.' })
  @IsString()
  @Matches(/^[A-Za-z0-9][A-Za-z0-9._:/-]{0,99}$/, { message: 'model name must be 1-100 letters, digits or ._:/-' })
  name!: string;

  @PriceFields(true)
  prices?: MeterPriceRequest[];

  @UsdAmountInput({ ...SHORTHAND, optional: true })
  @ValidateIf((o: ModelRequest) => o.prices === undefined)
  wholesale_usd_per_unit?: string;

  @UsdAmountInput({ ...SHORTHAND, optional: true })
  @ValidateIf((o: ModelRequest) => o.prices === undefined)
  resale_usd_per_unit?: string;

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

  @PriceFields(true)
  prices?: MeterPriceRequest[];

  @UsdAmountInput({ ...SHORTHAND, optional: true })
  @ValidateIf((o: CreateCatalogEntryRequest) => o.prices === undefined)
  wholesale_usd_per_unit?: string;

  @UsdAmountInput({ ...SHORTHAND, optional: true })
  @ValidateIf((o: CreateCatalogEntryRequest) => o.prices === undefined)
  resale_usd_per_unit?: string;

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

  @PriceFields(false)
  prices?: MeterPriceRequest[];

  @UsdAmountInput({ ...SHORTHAND, optional: true })
  wholesale_usd_per_unit?: string;

  @UsdAmountInput({ ...SHORTHAND, optional: true })
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
