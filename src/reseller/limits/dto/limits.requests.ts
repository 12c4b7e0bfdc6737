import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayUnique, IsArray, IsInt, IsOptional, Matches, Max, Min, registerDecorator } from 'class-validator';
import { SLUG_PATTERN } from '../../../catalog/slug';
import { INT4_MAX, IsOptionalOrNull } from '../../../common/validation/rules';
import type { LimitsDocument } from '../../../limits/limits.service';

/** A slug, or a whole category as `<category>.*`. */
const ENDPOINT_PATTERN = /^[a-z]+\.(\*|[a-z][a-z0-9_-]{0,47})$/;
const MAX_PER_SLUG = 100;

/** `{ "<slug>": <1..INT4_MAX>, … }`, at most 100 entries. */
function IsPerSlugLimits(): PropertyDecorator {
  return (target, propertyName) =>
    registerDecorator({
      name: 'isPerSlugLimits',
      target: target.constructor,
      propertyName: propertyName as string,
      options: { message: `per_slug must map at most ${MAX_PER_SLUG} slugs to integers from 1 to ${INT4_MAX}` },
      validator: {
        validate: (value: unknown) => {
          if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
          const entries = Object.entries(value as Record<string, unknown>);
          return (
            entries.length <= MAX_PER_SLUG &&
            entries.every(([slug, n]) => SLUG_PATTERN.test(slug) && typeof n === 'number' && Number.isInteger(n) && n >= 1 && n <= INT4_MAX)
          );
        },
      },
    });
}

/** The limits of a key or a customer, as one document (PUT replaces it whole). */
export class LimitsBody {
  @ApiPropertyOptional({
    type: 'integer',
    minimum: 1,
    maximum: INT4_MAX,
    nullable: true,
    description: 'Requests per window across every slug; null or absent: none.',
  })
  @IsOptionalOrNull()
  @IsInt()
  @Min(1)
  @Max(INT4_MAX)
  requests_per_window?: number | null;

  @ApiPropertyOptional({
    type: 'object',
    additionalProperties: { type: 'integer', minimum: 1, maximum: INT4_MAX },
    example: { 'text.generate': 60 },
    description: "Requests per window per slug. On a key, the operator's limit of the slug stays the ceiling.",
  })
  @IsOptional()
  @IsPerSlugLimits()
  per_slug?: Record<string, number>;

  @ApiPropertyOptional({
    type: [String],
    example: ['text.*', 'data.enrich'],
    description: 'The slugs or whole categories (`text.*`) it may call; empty or absent: all (within the plan).',
  })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(100)
  @ArrayUnique()
  @Matches(ENDPOINT_PATTERN, { each: true, message: 'allowed_endpoints holds slugs or <category>.*' })
  allowed_endpoints?: string[];

  static toDocument(body: LimitsBody): LimitsDocument {
    return {
      requestsPerWindow: body.requests_per_window ?? null,
      perSlug: body.per_slug ?? {},
      allowedEndpoints: body.allowed_endpoints ?? [],
    };
  }

  static from(this: void, document: LimitsDocument): LimitsBody {
    return Object.assign(new LimitsBody(), {
      requests_per_window: document.requestsPerWindow,
      per_slug: document.perSlug,
      allowed_endpoints: document.allowedEndpoints,
    });
  }
}

/** One slug's limit (PUT …/limits/{slug}): the rest of the document stays as it is. */
export class SlugLimitRequest {
  @ApiProperty({ type: 'integer', minimum: 1, maximum: INT4_MAX, example: 60, description: 'Requests per window on this slug.' })
  @IsInt()
  @Min(1)
  @Max(INT4_MAX)
  requests_per_window!: number;
}
