import { applyDecorators } from '@nestjs/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsOptional, IsUUID } from 'class-validator';
import { PageQuery } from './page.dto';

/** How many ids one `?ids=` names at most: a screen of rows, one short query. */
export const MAX_IDS_PER_LOOKUP = 100;

/**
 * `?ids=a,b,c`: a comma-separated list of at most 100 UUIDs, split here into an array. A
 * repeated `ids=` adds to the list. Anything but a UUID in it (an empty item included) is a 400,
 * never a query.
 */
export function IdsQueryParameter(absent: string): PropertyDecorator {
  return applyDecorators(
    ApiPropertyOptional({
      type: String,
      isArray: true,
      format: 'uuid',
      maxItems: MAX_IDS_PER_LOOKUP,
      // Comma-separated in one parameter: ids=a,b,c (OpenAPI's form style, not exploded).
      style: 'form',
      explode: false,
      description:
        `Only the rows with these ids: a comma-separated list of at most ${MAX_IDS_PER_LOOKUP} UUIDs, combined with the other ` +
        `filters (AND) and paged like the whole list. ${absent} An empty item, a malformed id or more than ${MAX_IDS_PER_LOOKUP} ids is a 400.`,
    } as Parameters<typeof ApiPropertyOptional>[0]),
    IsOptional(),
    Transform(({ value }: { value: unknown }) => {
      if (typeof value === 'string') return value.split(',');
      if (Array.isArray(value) && value.every((item) => typeof item === 'string')) return value.flatMap((item: string) => item.split(','));
      return value;
    }),
    IsArray({ message: 'ids must be a comma-separated list of UUIDs' }),
    ArrayMaxSize(MAX_IDS_PER_LOOKUP, { message: `ids must name at most ${MAX_IDS_PER_LOOKUP} ids` }),
    IsUUID(undefined, { each: true, message: 'ids must be a comma-separated list of UUIDs, without empty items' }),
  );
}

/** `?limit=&cursor=&ids=`: a paged list that can also be asked for given rows by id. */
export class IdsPageQuery extends PageQuery {
  @IdsQueryParameter(
    "An id this list does not hold (unknown, a deleted customer, another tenant's) is simply absent from the page, never an error.",
  )
  ids?: string[];
}
