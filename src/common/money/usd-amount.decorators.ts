import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import type { SchemaObject } from '@nestjs/swagger/dist/interfaces/open-api-spec.interface';
import { registerDecorator, type ValidationArguments } from 'class-validator';
import { IsOptionalNotNull, IsOptionalOrNull } from '../validation/rules';
import { MAX_PICO_USD, picoUsdToDecimalString, usdToPicoUsd } from './money';

/**
 * The one wire form of money in every API but the public call's `billed_usd` (a JSON number, per
 * the specification): a JSON string holding a USD decimal exact to the pico-dollar, at most 12
 * decimals, no exponent, no sign but a minus. Out: picoUsdToDecimalString; in: usdToPicoUsd after
 * IsUsdAmount. Every money property of the OpenAPI document references this one component
 * (test/app/openapi-money.e2e-spec.ts fails on any that does not).
 */
export const USD_AMOUNT_SCHEMA_NAME = 'UsdAmount';
export const USD_AMOUNT_PATTERN = /^-?\d+(?:\.\d{1,12})?$/;

/** components.schemas.UsdAmount (registered by app/openapi.ts). */
export const USD_AMOUNT_SCHEMA: SchemaObject = {
  type: 'string',
  pattern: USD_AMOUNT_PATTERN.source,
  description:
    'An amount of US dollars as an exact decimal string: at most 12 decimals (the pico-dollar), no exponent; negative only where a difference can be (margins, adjustments). A string, not a number: a double would lose digits.',
  example: '0.0015',
};

/**
 * 2^53 − 1 pico-USD (about $9,007): the bound of the prices, plan fees and plan caps when they were
 * JSON integers of pico-USD, kept as their bound as decimal strings (what is stored and multiplied
 * downstream was sized for it).
 */
export const MAX_SAFE_PICO_USD = BigInt(Number.MAX_SAFE_INTEGER);

const USD_AMOUNT_REF = { $ref: `#/components/schemas/${USD_AMOUNT_SCHEMA_NAME}` };

export interface UsdAmountPropertyOptions {
  /** What the amount is (the component says how it is written). */
  description: string;
  example?: string;
  nullable?: boolean;
  /** Optional in a request body (an answer's money fields are always present). */
  optional?: boolean;
}

/**
 * The OpenAPI side of a money property: a reference to components.schemas.UsdAmount, with the
 * property's own description and example beside it.
 */
export function UsdAmountProperty(options: UsdAmountPropertyOptions | string): PropertyDecorator {
  const { description, example, nullable, optional } = typeof options === 'string' ? { description: options } : options;
  const decorate = optional ? ApiPropertyOptional : ApiProperty;
  return decorate({
    // `type` stops @nestjs/swagger from adding one from the TypeScript type beside the $ref.
    type: 'string',
    allOf: [USD_AMOUNT_REF],
    description,
    ...(example === undefined ? {} : { example }),
    ...(nullable ? { nullable: true } : {}),
  });
}

export interface UsdAmountInputOptions extends UsdAmountPropertyOptions {
  /** The smallest amount accepted, in pico-USD (default 0: no negative amount). */
  minPicoUsd?: bigint;
  /** The largest, in pico-USD (default MAX_PICO_USD, what an int8 column holds). */
  maxPicoUsd?: bigint;
}

/**
 * A money field of a request body, in one line: the OpenAPI reference (UsdAmountProperty) and the
 * validation (IsUsdAmount), so a wrong value is a 400 invalid_request, never a 500. `optional`
 * allows the field to be absent; `nullable` to be null too (null clears the setting).
 */
export function UsdAmountInput(options: UsdAmountInputOptions): PropertyDecorator {
  const { minPicoUsd = 0n, maxPicoUsd = MAX_PICO_USD, ...property } = options;
  const bounds = { minPicoUsd, maxPicoUsd };
  const presence = options.nullable ? [IsOptionalOrNull()] : options.optional ? [IsOptionalNotNull()] : [];
  return applyDecorators(
    UsdAmountProperty({ ...property, description: `${property.description} ${boundsText(bounds)}` }),
    ...presence,
    IsUsdAmount(bounds),
  );
}

/** The bounds in words, for the description and the error message. */
function boundsText({ minPicoUsd, maxPicoUsd }: { minPicoUsd: bigint; maxPicoUsd: bigint }): string {
  return `From ${picoUsdToDecimalString(minPicoUsd)} to ${picoUsdToDecimalString(maxPicoUsd)}.`;
}

/**
 * A JSON string that usdToPicoUsd reads exactly (USD_AMOUNT_PATTERN) and whose amount is within
 * the bounds. A JSON number is refused: the API takes money as strings only, one form in and out.
 */
export function IsUsdAmount(bounds: { minPicoUsd?: bigint; maxPicoUsd?: bigint } = {}): PropertyDecorator {
  const minPicoUsd = bounds.minPicoUsd ?? 0n;
  const maxPicoUsd = bounds.maxPicoUsd ?? MAX_PICO_USD;
  return (target, propertyName) =>
    registerDecorator({
      name: 'isUsdAmount',
      target: target.constructor,
      propertyName: propertyName as string,
      options: {
        message: (args: ValidationArguments) =>
          `${args.property} must be a USD amount as a decimal string such as "25" or "0.0015" (at most 12 decimals, no exponent). ${boundsText({ minPicoUsd, maxPicoUsd })}`,
      },
      validator: {
        validate: (value: unknown) => {
          const pico = parseUsdAmount(value);
          return pico !== null && pico >= minPicoUsd && pico <= maxPicoUsd;
        },
      },
    });
}

/** The pico-USD of a wire amount, or null when it is not one (a number, an exponent, 13 decimals, ...). */
export function parseUsdAmount(value: unknown): bigint | null {
  if (typeof value !== 'string' || !USD_AMOUNT_PATTERN.test(value)) return null;
  return usdToPicoUsd(value);
}
