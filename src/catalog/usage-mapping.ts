import type { Meter } from '../generated/prisma/enums';
import { isMeter, METER_NAMES, METERS, type MeterDefinition } from './meters';

/**
 * An http upstream's declarative usage mapping (docs/concepts/provider-kinds.md, "The `http` usage mapping"): for each meter
 * it reports, where the quantity is in its answer, what the number found counts, and whether it must
 * be there. Without a mapping an http upstream keeps the generic contract (`usage.quantity`).
 *
 *   [{ "meter": "minutes", "from": { "pointer": "/usage/seconds" }, "unit": "seconds", "required": true }]
 *
 * Stored as given by the operator API after validation (readUsageMapping), with `unit` and
 * `required` filled in, so the stored JSON says everything the provider does.
 */

/** Where a quantity is: an RFC 6901 JSON pointer into the answer's JSON body, or a response header. */
export type UsageLocation = { readonly pointer: string } | { readonly header: string };

type Measure = MeterDefinition['measure'];

/** What the number found counts: a meter's base measure itself, or a larger unit of time. */
export type UsageUnit = Measure | 'seconds' | 'minutes' | 'hours';

export type UsageMappingEntry = {
  readonly meter: Meter;
  readonly from: UsageLocation;
  readonly unit: UsageUnit;
  /** Missing (or invalid) → the meter is estimated and the call's usage_source is `estimated`; optional and missing → not reported. */
  readonly required: boolean;
};

export type UsageMapping = readonly UsageMappingEntry[];

/**
 * How a number of `unit` becomes the meter's base measure: × multiplier ÷ divisor, exactly (decimal
 * arithmetic in bigint, never a float), a fraction of the base measure rounded up (1.0004 s is
 * 1,001 ms; 5 characters are 2 tokens): a provider rounds its own bill up too, and a quantity
 * never rounds down to a free call. `decimal`: the number found may have a fraction (12.5 s); a count
 * (tokens, characters, images, …) must be whole, and a fraction there is an invalid report.
 */
export interface UnitConversion {
  readonly multiplier: bigint;
  readonly divisor: bigint;
  readonly decimal: boolean;
}

const SAME = { multiplier: 1n, divisor: 1n, decimal: false } as const;
const TIME = (milliseconds: bigint): UnitConversion => ({ multiplier: milliseconds, divisor: 1n, decimal: true });

/** The closed set of conversions: per measure of a meter, the units a mapping may read it in. */
export const UNIT_CONVERSIONS: { readonly [M in Measure]: Readonly<Partial<Record<UsageUnit, UnitConversion>>> } = {
  milliseconds: { milliseconds: TIME(1n), seconds: TIME(1000n), minutes: TIME(60_000n), hours: TIME(3_600_000n) },
  // ~4 characters per token (estimateTokens), for an upstream that counts characters of a token-priced service.
  tokens: { tokens: SAME, characters: { multiplier: 1n, divisor: 4n, decimal: false } },
  characters: { characters: SAME },
  images: { images: SAME },
  generations: { generations: SAME },
  records: { records: SAME },
  verifications: { verifications: SAME },
  transactions: { transactions: SAME },
  calls: { calls: SAME },
};

/** The conversion of `unit` to the meter's base measure (defined for every entry readUsageMapping accepts). */
export function conversionOf(entry: Pick<UsageMappingEntry, 'meter' | 'unit'>): UnitConversion | undefined {
  const conversions = UNIT_CONVERSIONS[METERS[entry.meter].measure];
  return Object.hasOwn(conversions, entry.unit) ? conversions[entry.unit] : undefined;
}

/**
 * Meters a mapped report may honestly give as 0: cached tokens and cache writes of a call that used
 * no cache, and an enrichment that matched no record. A 0 of any other meter would make an answered
 * call (or that part of it) free, so it is an invalid report and the meter is estimated.
 */
export const ZERO_ALLOWED_METERS: ReadonlySet<Meter> = new Set<Meter>(['cached_input_tokens', 'cache_write_tokens', 'records']);

/** RFC 6901: empty (the whole answer), or `/`-separated tokens where `~` is only `~0` or `~1`. */
const JSON_POINTER = /^(\/([^~]|~[01])*)*$/;
/** An HTTP header name (an RFC 9110 token). */
const HEADER_NAME = /^[A-Za-z0-9!#$%&'*+.^_`|~-]+$/;
const MAX_POINTER_LENGTH = 200;
const MAX_HEADER_LENGTH = 100;
const ENTRY_FIELDS = new Set(['meter', 'from', 'unit', 'required']);

export type UsageMappingReading = { mapping: UsageMapping; problems?: never } | { mapping?: never; problems: string[] };

/**
 * Validates a mapping as the operator API receives it (or as a stored row holds it) and returns it
 * with its defaults filled in: `unit` the meter's base measure, `required` true. Strict: any other
 * field, a second entry for a meter, an unknown unit or one that does not convert to the meter's
 * measure is a problem. A mapping needs at least one required entry, so that every answered call
 * reports or estimates some usage (a mapping of optional entries alone would bill nothing when the
 * upstream reports nothing).
 */
export function readUsageMapping(value: unknown): UsageMappingReading {
  if (!Array.isArray(value)) return { problems: ['must be an array of entries (or null for no mapping)'] };
  if (value.length === 0) return { problems: ['must have at least one entry (null for no mapping)'] };
  if (value.length > METER_NAMES.length) return { problems: [`has at most ${METER_NAMES.length} entries (one per meter)`] };
  const problems: string[] = [];
  const entries: UsageMappingEntry[] = [];
  const seen = new Set<Meter>();
  value.forEach((raw: unknown, index) => {
    const { entry, problems: ofEntry } = readEntry(raw);
    problems.push(...ofEntry.map((problem) => `entry ${index}: ${problem}`));
    if (!entry) return;
    if (seen.has(entry.meter)) problems.push(`entry ${index}: meter ${entry.meter} is mapped twice`);
    seen.add(entry.meter);
    entries.push(entry);
  });
  if (problems.length > 0) return { problems };
  if (!entries.some((e) => e.required)) return { problems: ['needs at least one entry with "required": true'] };
  return { mapping: entries };
}

function readEntry(raw: unknown): { entry?: UsageMappingEntry; problems: string[] } {
  if (!isPlainObject(raw)) return { problems: ['must be an object with meter, from, unit and required'] };
  const problems: string[] = [];
  for (const field of Object.keys(raw)) if (!ENTRY_FIELDS.has(field)) problems.push(`unknown field ${JSON.stringify(field)}`);
  // Own properties only: nothing of an entry comes from a prototype.
  const field = (name: string): unknown => (Object.hasOwn(raw, name) ? raw[name] : undefined);
  const [meter, from, unit, required] = [field('meter'), field('from'), field('unit'), field('required')];
  if (!isMeter(meter)) problems.push(`meter must be one of ${METER_NAMES.join(', ')}`);
  const location = readLocation(from);
  if (typeof location === 'string') problems.push(location);
  if (required !== undefined && typeof required !== 'boolean') problems.push('required must be true or false');
  let conversionUnit: UsageUnit | undefined;
  if (isMeter(meter)) {
    const measure = METERS[meter].measure;
    const allowed = Object.keys(UNIT_CONVERSIONS[measure]);
    if (unit === undefined) conversionUnit = measure;
    else if (typeof unit === 'string' && allowed.includes(unit)) conversionUnit = unit as UsageUnit;
    else problems.push(`unit of meter ${meter} must be one of ${allowed.join(', ')}`);
  }
  if (problems.length > 0 || !isMeter(meter) || typeof location !== 'object' || !conversionUnit) return { problems };
  return { entry: { meter, from: location, unit: conversionUnit, required: typeof required === 'boolean' ? required : true }, problems };
}

/** The location, or the problem with it. */
function readLocation(from: unknown): UsageLocation | string {
  const shape = 'from must be {"pointer": "/a/json/pointer"} or {"header": "x-header-name"}';
  if (!isPlainObject(from)) return shape;
  const keys = Object.keys(from);
  if (keys.length !== 1 || (keys[0] !== 'pointer' && keys[0] !== 'header')) return shape;
  if (keys[0] === 'pointer') {
    const pointer = from.pointer;
    if (typeof pointer !== 'string' || pointer.length > MAX_POINTER_LENGTH || !JSON_POINTER.test(pointer)) {
      return `from.pointer must be an RFC 6901 JSON pointer ("" or "/usage/seconds"; ~0 for ~, ~1 for /), at most ${MAX_POINTER_LENGTH} characters`;
    }
    return { pointer };
  }
  const header = from.header;
  if (typeof header !== 'string' || header.length > MAX_HEADER_LENGTH || !HEADER_NAME.test(header)) {
    return `from.header must be an HTTP header name, at most ${MAX_HEADER_LENGTH} characters`;
  }
  return { header };
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
