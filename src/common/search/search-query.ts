import { applyDecorators } from '@nestjs/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsOptional, IsString, MaxLength } from 'class-validator';

/** The longest `q` a picker sends: names are at most this long too. */
export const MAX_SEARCH_LENGTH = 200;

/**
 * `?q=`: search as you type, for the pickers. Trimmed; an empty one is no search. `what` says what
 * it matches (a case-insensitive prefix of the name, and what else).
 */
export function SearchQueryParameter(what: string): PropertyDecorator {
  return applyDecorators(
    ApiPropertyOptional({
      maxLength: MAX_SEARCH_LENGTH,
      description: `${what} Combined with the other filters (AND), paged like the whole list.`,
    }),
    IsOptional(),
    Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() || undefined : value)),
    IsString(),
    MaxLength(MAX_SEARCH_LENGTH),
  );
}
