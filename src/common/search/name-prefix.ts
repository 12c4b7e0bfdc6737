import { applyDecorators } from '@nestjs/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsOptional, IsString, MaxLength } from 'class-validator';
import { Prisma } from '../../generated/prisma/client';

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

/**
 * The SQL condition "`column` starts with `prefix`, ignoring case", in the form an index on
 * `lower(column) text_pattern_ops` serves: a byte-order range of lower(column) (which a generic plan
 * of a prepared statement can use too, unlike a LIKE on a parameter) and the LIKE itself for the
 * exact answer, with `%`, `_` and `\` in the prefix taken literally. `column` is ours, never input.
 */
export function nameStartsWith(column: string, prefix: string): Prisma.Sql {
  const lowered = Prisma.sql`lower(${Prisma.raw(column)})`;
  const pattern = `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  // Every string that starts with the prefix sorts between it and it followed by the greatest code point.
  return Prisma.sql`(${lowered} ~>=~ lower(${prefix}) AND ${lowered} ~<~ (lower(${prefix}) || chr(1114111)) AND ${lowered} LIKE lower(${pattern}))`;
}
