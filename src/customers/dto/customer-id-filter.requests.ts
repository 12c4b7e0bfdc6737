import { applyDecorators } from '@nestjs/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsUUID, ValidateIf } from 'class-validator';

/** The `customer_id` filter's value for "no customer": the tenant's own keys and their calls. */
export const NO_CUSTOMER = 'none';

/**
 * A `customer_id` filter of a list: one customer's rows by its id, or `none` for the rows of no
 * customer. What the service receives is the id, or null for `none`: see customerIdFilter().
 */
export function CustomerIdFilter(description: string): PropertyDecorator {
  return applyDecorators(
    ApiPropertyOptional({
      oneOf: [
        { type: 'string', format: 'uuid' },
        { type: 'string', enum: [NO_CUSTOMER] },
      ],
      description,
    }),
    IsOptional(),
    ValidateIf((_, value) => value !== NO_CUSTOMER),
    IsUUID(undefined, { message: `customer_id must be a UUID or "${NO_CUSTOMER}"` }),
  );
}

/** The filter as storage reads it: a customer id, null for `none` (IS NULL), undefined for no filter. */
export function customerIdFilter(value: string | undefined): string | null | undefined {
  return value === NO_CUSTOMER ? null : value;
}
