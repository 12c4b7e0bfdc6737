import type { CatalogEntry, MeterPricing, Pricing } from '../catalog/catalog-entry';
import type { MeterQuantities } from '../catalog/meters';
import type { BillingUnit } from '../generated/prisma/enums';
import { estimateTokensOfLength } from '../proxy/providers/shared/usage';

/**
 * What a budget holds for one call, per meter of its price, in each meter's base measure: the most
 * this call can cost as its input tells, not the slug's sanity cap (a hold of 100,000 DNS lookups
 * for one made a $25 budget admit 3 calls at a time). BillingService.holdCharge prices it exactly as
 * `charge` would bill it, caps included. Pure and synchronous: no read, no await on the call path.
 *
 * - units counted per call (calls, transactions, verifications, generations, records, and images
 *   outside a vision slug): the count the input declares (`records`, `items`, `images` lists; `n`,
 *   `count`, `quantity`), else 1;
 * - tokens: the input's tokens (the providers' estimate, ~4 characters a token, over the whole
 *   input as JSON: at least the prompt any provider counts) to `input_tokens`, plus the output the
 *   call may produce to `output_tokens`: the caller's `max_tokens`, else the model's or endpoint's
 *   `max_output_tokens` (the operator's), else the meter's cap; a price in `tokens` alone holds both
 *   there (the cap when the output is unknown); cached input and cache writes hold nothing more
 *   (they are part of the input);
 * - a vision slug's images and minutes: what the input declares (`images`/`image_url`;
 *   `duration_ms`/`duration_s`), else the meter's cap;
 * - characters: the length of the input's text (`text`, else `input`, else the whole input as JSON).
 *
 * A hold is an estimate: the call is billed what its upstream reports (up to the caps), so a call
 * may settle above its hold (an upstream that ignores `max_tokens`, a tokenizer that counts more
 * than the estimate). That difference, for the calls in flight at once, is all a budget can be
 * overspent by beyond the last admitted call.
 */
export function holdQuantities(unit: BillingUnit, pricing: Pricing, input: Record<string, unknown>): MeterQuantities {
  const quantities: MeterQuantities = {};
  for (const price of pricing.meters) quantities[price.meter] = meterHold(unit, price, pricing, input);
  return quantities;
}

function meterHold(unit: BillingUnit, price: MeterPricing, pricing: Pricing, input: Record<string, unknown>): bigint {
  switch (price.meter) {
    case 'calls':
    case 'transactions':
    case 'verifications':
    case 'generations':
    case 'records':
      return declaredCount(input) ?? 1n;
    case 'images':
      if (unit !== 'image') return declaredCount(input) ?? 1n;
      return declaredCount(input) ?? (typeof input.image_url === 'string' ? 1n : price.quantityCap);
    case 'tokens': {
      const output = outputTokens(pricing, input);
      return output === null ? price.quantityCap : inputTokens(input) + output;
    }
    case 'input_tokens':
      return inputTokens(input);
    case 'output_tokens':
      return outputTokens(pricing, input) ?? price.quantityCap;
    case 'cached_input_tokens':
    case 'cache_write_tokens':
      return 0n;
    case 'minutes': {
      const declared = declaredMilliseconds(input);
      if (declared === null) return price.quantityCap;
      // An upstream that reports no usage is billed a minute (the http provider's estimate): never hold less.
      return declared > ONE_MINUTE_MS ? declared : ONE_MINUTE_MS;
    }
    case 'characters':
      return BigInt(textOf(input).length);
  }
}

/** The price a call's hold is counted at: its model's when it names a valid one, else the default (a wrong name is refused later, 400). */
export function holdPricing(endpoint: CatalogEntry, input: Record<string, unknown>): Pricing {
  if (endpoint.models.length === 0) return endpoint.pricing;
  const named = input.model;
  return (typeof named === 'string' && endpoint.models.find((m) => m.model === named)) || endpoint.models[0];
}

/** The output a call may produce: the caller's max_tokens, else the operator's declared limit; null when neither says. */
function outputTokens(pricing: Pricing, input: Record<string, unknown>): bigint | null {
  return positiveInteger(input.max_tokens) ?? pricing.maxOutputTokens;
}

/** An allocation, only for budgeted calls on token slugs: the JSON length bounds every provider's count of the prompt. */
function inputTokens(input: Record<string, unknown>): bigint {
  return BigInt(estimateTokensOfLength(JSON.stringify(input).length));
}

/** The text a character-metered call speaks: `text`, else `input`, else the whole input. */
function textOf(input: Record<string, unknown>): string {
  if (typeof input.text === 'string') return input.text;
  if (typeof input.input === 'string') return input.input;
  return JSON.stringify(input);
}

const ONE_MINUTE_MS = 60_000n;

/** Fields whose value says how many items one call processes. */
const COUNT_FIELDS = ['n', 'count', 'quantity'] as const;
const LIST_FIELDS = ['records', 'items', 'images'] as const;

/** The largest count the input declares; null when it declares none. */
function declaredCount(input: Record<string, unknown>): bigint | null {
  let most: bigint | null = null;
  for (const field of COUNT_FIELDS) {
    const n = positiveInteger(input[field]);
    if (n !== null && (most === null || n > most)) most = n;
  }
  for (const field of LIST_FIELDS) {
    const list = input[field];
    if (Array.isArray(list) && list.length > 0) {
      const n = BigInt(list.length);
      if (most === null || n > most) most = n;
    }
  }
  return most;
}

function declaredMilliseconds(input: Record<string, unknown>): bigint | null {
  const ms = positiveInteger(input.duration_ms);
  if (ms !== null) return ms;
  const seconds = positiveInteger(input.duration_s);
  return seconds === null ? null : seconds * 1000n;
}

/** A positive safe integer, as a JSON number or (a GET query's) decimal string; null otherwise. */
function positiveInteger(value: unknown): bigint | null {
  const n = typeof value === 'string' && /^\d{1,15}$/.test(value) ? Number(value) : value;
  return typeof n === 'number' && Number.isSafeInteger(n) && n > 0 ? BigInt(n) : null;
}
