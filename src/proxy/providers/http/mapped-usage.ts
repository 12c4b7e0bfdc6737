import type { MeterQuantities } from '../../../catalog/meters';
import { conversionOf, ZERO_ALLOWED_METERS, type UsageMapping, type UsageMappingEntry } from '../../../catalog/usage-mapping';
import type { Usage } from '../../provider.types';
import { EstimateBasis, estimateMeter } from '../shared/usage-estimates';
import { printable } from '../shared/usage';
import { resolveJsonPointer } from './json-pointer';

/** A response's headers as undici gives them: lower-case names, a repeated header as an array. */
export type ResponseHeaders = Record<string, string | string[] | undefined>;

/**
 * An http upstream's usage read through its mapping (src/catalog/usage-mapping.ts). Per entry:
 * - found and valid: the quantity, converted to the meter's base measure (mappedQuantity);
 * - missing (absent, or JSON null): estimated if required, else the meter is not reported;
 * - present but invalid: estimated, required or not (the upstream said something was used), and
 *   kept for the warning log as `rejected`.
 * Any estimated meter makes the call's usage `estimated`.
 */
export function mappedUsage(mapping: UsageMapping, body: unknown, headers: ResponseHeaders, call: EstimateBasis): Usage {
  const meters: MeterQuantities = {};
  let estimated = false;
  let rejected: string | undefined;
  for (const entry of mapping) {
    const found = 'pointer' in entry.from ? resolveJsonPointer(body, entry.from.pointer) : headers[entry.from.header.toLowerCase()];
    if (found === undefined || found === null) {
      if (!entry.required) continue;
      meters[entry.meter] = estimateMeter(entry.meter, call);
      estimated = true;
      continue;
    }
    const quantity = mappedQuantity(found, entry);
    if (quantity === null) {
      meters[entry.meter] = estimateMeter(entry.meter, call);
      estimated = true;
      const report = `${entry.meter} ${printable(found)}`;
      rejected = rejected === undefined ? report : `${rejected}; ${report}`;
      continue;
    }
    meters[entry.meter] = quantity;
  }
  const usage: Usage = { meters, source: estimated ? 'estimated' : 'reported' };
  if (rejected !== undefined) usage.rejected = rejected;
  return usage;
}

/** A decimal as written: digits, an optional fraction, an optional exponent (the last only as JSON numbers print, e.g. 1e+21). */
const NUMBER_TEXT = /^(\d+)(?:\.(\d+))?(?:e([+-]?\d+))?$/i;
/** A header's number: plain decimal digits with an optional fraction, no sign, no exponent. */
const HEADER_NUMBER = /^\d+(?:\.\d+)?$/;
/** Longer than any meaningful quantity: refused before any arithmetic. */
const MAX_NUMBER_TEXT = 40;
const MAX_EXPONENT = 400;
const MAX_QUANTITY = BigInt(Number.MAX_SAFE_INTEGER);

/**
 * The quantity a found value stands for, in the meter's base measure, or null when it is not a valid
 * report. Untrusted input: a body value must be a JSON number (a numeric string in a JSON body is
 * invalid, as in the generic contract), a header value a plain decimal string (headers are text);
 * never negative. The arithmetic is exact (digits in bigint, never a float): 12.5 seconds are
 * 12,500 ms. A fraction is accepted only in a time unit, a fraction of the base measure after
 * conversion rounds up, and the result must be a safe integer, not 0 unless the meter can honestly
 * be 0 (ZERO_ALLOWED_METERS). Billing caps it later, per meter.
 */
export function mappedQuantity(found: unknown, entry: Pick<UsageMappingEntry, 'meter' | 'unit' | 'from'>): bigint | null {
  let text: string;
  if (typeof found === 'number') {
    if (!Number.isFinite(found) || found < 0) return null;
    text = String(found);
  } else if (typeof found === 'string' && 'header' in entry.from) {
    text = found.trim();
    if (!HEADER_NUMBER.test(text)) return null;
  } else {
    return null;
  }
  const conversion = conversionOf(entry);
  const parts = text.length <= MAX_NUMBER_TEXT ? NUMBER_TEXT.exec(text) : null;
  if (!conversion || !parts) return null;
  const [, whole, fraction = '', exponentText = '0'] = parts;
  const exponent = Number(exponentText);
  if (Math.abs(exponent) > MAX_EXPONENT) return null;
  // value = digits × 10^-scale
  let digits = BigInt(whole + fraction);
  let scale = fraction.length - exponent;
  if (scale < 0) {
    digits *= 10n ** BigInt(-scale);
    scale = 0;
  }
  const denominator = 10n ** BigInt(scale);
  if (!conversion.decimal && digits % denominator !== 0n) return null;
  const numerator = digits * conversion.multiplier;
  const divisor = denominator * conversion.divisor;
  const quantity = (numerator + divisor - 1n) / divisor;
  if (quantity > MAX_QUANTITY) return null;
  if (quantity === 0n && !ZERO_ALLOWED_METERS.has(entry.meter)) return null;
  return quantity;
}
