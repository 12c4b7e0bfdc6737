import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsBoolean,
  IsIn,
  IsInt,
  IsISO8601,
  IsNotEmpty,
  IsOptional,
  IsString,
  IsUrl,
  IsUUID,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateIf,
  ValidateNested,
} from 'class-validator';
import { SLUG_PATTERN } from '../../catalog/slug';
import { UPSTREAM_SECRET_ENV_PATTERN } from '../../catalog/upstream-secret';

/** Request bodies and queries of the operator API (snake_case on the wire, like the public API). */

/** The largest value of a Postgres `integer` column (counts, limits, milliseconds). */
export const INT4_MAX = 2_147_483_647;

/**
 * May be omitted, but not null: unlike @IsOptional(), a null is validated (and so rejected) like
 * any other value, since a PATCH would otherwise write it into a NOT NULL column (a 500).
 */
const IsOptionalNotNull = () => ValidateIf((_, value) => value !== undefined);

export class CreateTenantRequest {
  @IsString() @IsNotEmpty() @MaxLength(200)
  name!: string;

  /** Requests per window across all the tenant's keys and slugs; omit or null for no tenant-wide cap. */
  @IsOptional() @IsInt() @Min(1) @Max(INT4_MAX)
  rate_limit_per_window?: number | null;
}

export class UpdateTenantRequest {
  @IsOptionalNotNull() @IsString() @IsNotEmpty() @MaxLength(200)
  name?: string;

  @IsOptionalNotNull() @IsIn(['active', 'suspended'])
  status?: 'active' | 'suspended';

  @IsOptional() @ValidateIf((_, v) => v !== null) @IsInt() @Min(1) @Max(INT4_MAX)
  rate_limit_per_window?: number | null;
}

export class CreateApiKeyRequest {
  @IsOptional() @IsString() @MaxLength(200)
  name?: string;

  /** ISO 8601 instant after which the key stops working. */
  @IsOptional() @IsISO8601({ strict: true })
  expires_at?: string;

  /** Per-slug requests per window for this key; overrides the endpoint and catalog limits. */
  @IsOptional() @IsInt() @Min(1) @Max(INT4_MAX)
  rate_limit_per_window?: number;
}

export class UpdateCatalogEntryRequest {
  @IsOptionalNotNull() @IsString() @MaxLength(2000)
  description?: string;

  @IsOptionalNotNull() @IsInt() @Min(0) @Max(Number.MAX_SAFE_INTEGER)
  wholesale_pico_usd_per_unit?: number;

  @IsOptionalNotNull() @IsInt() @Min(0) @Max(Number.MAX_SAFE_INTEGER)
  resale_pico_usd_per_unit?: number;

  /** Sanity cap on one call's usage (base measure); null = the billing unit's default. */
  @IsOptional() @ValidateIf((_, v) => v !== null) @IsInt() @Min(1) @Max(Number.MAX_SAFE_INTEGER)
  max_quantity_per_call?: number | null;

  @IsOptionalNotNull() @IsInt() @Min(1) @Max(INT4_MAX)
  default_rate_limit?: number;

  @IsOptionalNotNull() @IsInt() @Min(0) @Max(INT4_MAX)
  declared_latency_ms?: number;

  @IsOptionalNotNull() @IsBoolean()
  streamable?: boolean;

  @IsOptionalNotNull() @IsBoolean()
  enabled?: boolean;
}

export class CreateCatalogEntryRequest {
  /** `<category>.<operation>`; the category decides the billing unit. */
  @IsString() @Matches(SLUG_PATTERN, { message: 'slug must be <category>.<operation>, e.g. text.summarize' })
  slug!: string;

  @IsOptional() @IsString() @MaxLength(2000)
  description?: string;

  /** Pico-USD (1e-12 USD) per billing unit: $0.02 per 1M tokens is 20,000,000 per 1k tokens. */
  @IsInt() @Min(0) @Max(Number.MAX_SAFE_INTEGER)
  wholesale_pico_usd_per_unit!: number;

  @IsInt() @Min(0) @Max(Number.MAX_SAFE_INTEGER)
  resale_pico_usd_per_unit!: number;

  @IsOptional() @IsInt() @Min(1) @Max(Number.MAX_SAFE_INTEGER)
  max_quantity_per_call?: number;

  @IsInt() @Min(1) @Max(INT4_MAX)
  default_rate_limit!: number;

  @IsOptional() @IsInt() @Min(0) @Max(INT4_MAX)
  declared_latency_ms?: number;

  @IsOptional() @IsBoolean()
  streamable?: boolean;

  @ValidateNested({ each: true }) @Type(() => UpstreamRequest) @ArrayMinSize(1) @ArrayMaxSize(10)
  upstreams!: UpstreamRequest[];

  /** Models a caller may choose, each at its own price; the first is the default. Omit for one price. */
  @IsOptional() @ValidateNested({ each: true }) @Type(() => ModelRequest) @ArrayMaxSize(50)
  models?: ModelRequest[];
}

export class ModelRequest {
  /** What the caller sends as `model`. */
  @IsString() @Matches(/^[A-Za-z0-9][A-Za-z0-9._:\/-]{0,99}$/, { message: 'model name must be 1-100 letters, digits or ._:/-' })
  name!: string;

  @IsInt() @Min(0) @Max(Number.MAX_SAFE_INTEGER)
  wholesale_pico_usd_per_unit!: number;

  @IsInt() @Min(0) @Max(Number.MAX_SAFE_INTEGER)
  resale_pico_usd_per_unit!: number;
}

export class ReplaceModelsRequest {
  /** The whole list, in order (the first is the default); [] removes every model. */
  @ValidateNested({ each: true }) @Type(() => ModelRequest) @ArrayMaxSize(50)
  models!: ModelRequest[];
}

export class SetEndpointLimitRequest {
  /** Requests per key per window on this endpoint; null removes the operator's limit. */
  @ValidateIf((_, v) => v !== null) @IsInt() @Min(1) @Max(INT4_MAX)
  requests_per_window!: number | null;
}

export class UpstreamRequest {
  @IsString() @IsNotEmpty() @MaxLength(100)
  name!: string;

  @IsIn(['http', 'openai', 'simulator'])
  kind!: 'http' | 'openai' | 'simulator';

  @ValidateIf((o: UpstreamRequest) => o.kind !== 'simulator')
  @IsUrl({ require_tld: false, protocols: ['http', 'https'], require_protocol: true })
  base_url?: string;

  @IsOptional() @IsString() @MaxLength(500) @Matches(/^(\/.*)?$/, { message: 'path must be empty or start with /' })
  path?: string;

  @IsOptional() @IsInt() @Min(1) @Max(600_000)
  timeout_ms?: number;

  @IsOptional() @IsString() @Matches(/^[A-Za-z0-9-]+$/, { message: 'auth_header must be a header name' })
  auth_header?: string;

  @IsOptional() @IsString() @MaxLength(50)
  auth_scheme?: string;

  /** Name of the environment variable that holds the secret (the secret itself is never stored); `UPSTREAM_SECRET_…` only. */
  @IsOptional() @Matches(UPSTREAM_SECRET_ENV_PATTERN, { message: 'auth_secret_env must be an environment variable named UPSTREAM_SECRET_<NAME> (A-Z, 0-9, _)' })
  auth_secret_env?: string;

  /** Largest whole answer in bytes (null or absent: UPSTREAM_MAX_RESPONSE_BYTES). */
  @IsOptional() @IsInt() @Min(1024) @Max(1_073_741_824)
  max_response_bytes?: number | null;

  /** Connect to last byte of a whole answer, in ms (null or absent: UPSTREAM_DEADLINE_MS). */
  @IsOptional() @IsInt() @Min(1) @Max(3_600_000)
  deadline_ms?: number | null;

  /** The upstream-side model id sent to an openai upstream (fixed by the operator, never by the caller). */
  @IsOptional() @IsString() @IsNotEmpty() @MaxLength(200)
  model?: string;

  /** The endpoint model this upstream serves (one of the endpoint's `models`); omit: every model. */
  @IsOptional() @IsString() @IsNotEmpty() @MaxLength(100)
  serves_model?: string;

  @IsOptional() @IsBoolean()
  enabled?: boolean;
}

export class ReplaceUpstreamsRequest {
  @ValidateNested({ each: true }) @Type(() => UpstreamRequest) @ArrayMinSize(1) @ArrayMaxSize(10)
  upstreams!: UpstreamRequest[];
}

export class AuditQuery {
  @IsOptional() @IsUUID()
  tenant_id?: string;

  @IsOptional() @IsUUID()
  api_key_id?: string;

  @IsOptional() @IsString()
  slug?: string;

  @IsOptional() @Type(() => Number) @IsInt() @Min(100) @Max(599)
  status?: number;

  @IsOptional() @IsISO8601({ strict: true })
  from?: string;

  @IsOptional() @IsISO8601({ strict: true })
  to?: string;

  @IsOptional() @Type(() => Number) @IsInt() @Min(1) @Max(500)
  limit?: number;

  @IsOptional() @IsString() @MaxLength(200)
  cursor?: string;
}

export class ListQuery {
  @IsOptional() @Type(() => Number) @IsInt() @Min(1) @Max(500)
  limit?: number;

  @IsOptional() @IsUUID()
  cursor?: string;
}
