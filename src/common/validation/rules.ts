import { ValidateIf } from 'class-validator';

/** The largest value of a Postgres `integer` column (counts, limits, milliseconds). */
export const INT4_MAX = 2_147_483_647;

/**
 * May be omitted, but not null: unlike @IsOptional(), a null is validated (and so rejected) like
 * any other value, since a PATCH would otherwise write it into a NOT NULL column (a 500).
 */
export const IsOptionalNotNull = (): PropertyDecorator => ValidateIf((_, value) => value !== undefined);

/** May be omitted or null (null clears the setting); anything else is validated. */
export const IsOptionalOrNull = (): PropertyDecorator => ValidateIf((_, value) => value !== undefined && value !== null);
