import { applyDecorators } from '@nestjs/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsOptional, isUUID, registerDecorator, type ValidationArguments } from 'class-validator';
import { PageQuery } from './page.requests';

/** How many ids one `?ids=` names at most: a screen of rows, one short query. */
export const MAX_IDS_PER_LOOKUP = 100;

/**
 * `?ids=a,b,c`: a comma-separated list of at most 100 UUIDs, split here into an array. Anything
 * but a UUID in it (an empty item included) is a 400, never a query.
 */
export function IdsQueryParameter(absent: string): PropertyDecorator {
  return applyDecorators(
    ApiPropertyOptional({
      type: String,
      isArray: true,
      format: 'uuid',
      maxItems: MAX_IDS_PER_LOOKUP,
      description:
        `Only the rows with these ids: a comma-separated list of at most ${MAX_IDS_PER_LOOKUP} UUIDs, combined with the other ` +
        `filters (AND) and paged like the whole list. ${absent} An empty item, a malformed id or more than ${MAX_IDS_PER_LOOKUP} ids is a 400.`,
      // Comma-separated in one parameter, ids=a,b,c: OpenAPI's form style, not exploded. (Parameter
      // fields, which @nestjs/swagger copies onto a query DTO's parameter but does not type.)
      ...{ style: 'form', explode: false },
    }),
    IsOptional(),
    // One string, split. Anything else (a repeated ids=, an array) stays unsplit and fails IsIdList,
    // a 400 like any other repeated filter.
    Transform(({ value }: { value: unknown }) =>
      value === undefined || typeof value === 'string' ? value?.split(',') : { notOneList: value },
    ),
    IsIdList(),
  );
}

/** One problem, one message: what is wrong with the list, or nothing. */
function idListProblem(value: unknown): string | null {
  if (!Array.isArray(value)) return 'ids must be one comma-separated list of UUIDs';
  if (value.length > MAX_IDS_PER_LOOKUP) return `ids must name at most ${MAX_IDS_PER_LOOKUP} ids`;
  if (!value.every((id) => typeof id === 'string' && isUUID(id))) return 'ids must be a comma-separated list of UUIDs, without empty items';
  return null;
}

function IsIdList(): PropertyDecorator {
  return (target, propertyName) =>
    registerDecorator({
      name: 'isIdList',
      target: target.constructor,
      propertyName: propertyName as string,
      validator: {
        validate: (value: unknown) => idListProblem(value) === null,
        defaultMessage: (args?: ValidationArguments) => idListProblem(args?.value) ?? '',
      },
    });
}

/** `?limit=&cursor=&ids=`: a paged list that can also be asked for given rows by id. */
export class IdsPageQuery extends PageQuery {
  @IdsQueryParameter(
    "An id this list does not hold (unknown, a deleted customer, another tenant's) is simply absent from the page, never an error.",
  )
  ids?: string[];
}
