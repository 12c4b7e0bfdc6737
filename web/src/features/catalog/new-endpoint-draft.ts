/**
 * A new endpoint as its form edits it (POST /api/admin/v1/catalog): its slug (category and
 * operation; the category decides the billing unit), prices, limits and upstreams. The browser
 * checks what it must itself (USD as typed into the exact decimal string, text into numbers); the
 * API checks every field and its messages are shown next to the fields they name.
 */
import type { Category, CreateCatalogEntryRequest } from '@unified-api-gateway/sdk';
import { CATEGORY_BILLING_UNIT } from '../../lib/billing-units';
import { DEFAULT_METER, isUnitPrice } from '../../lib/meters';
import type { LimitValues } from './components/EndpointLimitFields';
import { checkMeterPrices, meterPricePaths, newMeterPrices, type CheckedPrices, type MeterPriceDraft } from './meter-price-draft';
import { newUpstream, toUpstreamRequests, upstreamPaths, type UpstreamDraft } from './upstream-draft';

export interface NewEndpointDraft extends LimitValues {
  category: Category;
  operation: string;
  description: string;
  prices: MeterPriceDraft[];
  streamable: boolean;
  upstreams: UpstreamDraft[];
}

export function newEndpointDraft(): NewEndpointDraft {
  return {
    category: 'text',
    operation: '',
    description: '',
    prices: newMeterPrices('tokens_1k'),
    defaultLimit: '600',
    declaredLatency: '',
    maxQuantity: '',
    maxOutputTokens: '',
    streamable: false,
    upstreams: [newUpstream()],
  };
}

export const slugOf = (draft: NewEndpointDraft) => `${draft.category}.${draft.operation.trim()}`;

/** Another category: a price still in the old category's one meter follows the category to its unit's meter. */
export function withCategory(draft: NewEndpointDraft, category: Category): NewEndpointDraft {
  const before = CATEGORY_BILLING_UNIT[draft.category];
  const unitPrice = isUnitPrice(
    before,
    draft.prices.map((p) => p.meter),
  );
  const prices = unitPrice ? [{ ...draft.prices[0], meter: DEFAULT_METER[CATEGORY_BILLING_UNIT[category]] }] : draft.prices;
  return { ...draft, category, prices };
}

const FIELDS = ['slug', 'description', 'default_rate_limit', 'declared_latency_ms', 'max_quantity_per_call', 'max_output_tokens'];

/** Every property path whose API problem the form shows next to a field. */
export function newEndpointPaths(draft: NewEndpointDraft): string[] {
  return [...FIELDS, ...meterPricePaths('', draft.prices.length), ...upstreamPaths(draft.upstreams.length)];
}

/** A whole number as typed; the API decides whether it is in range (and says so next to the field). */
function wholeNumber(text: string): number | null {
  return /^\d+$/.test(text.trim()) ? Number(text.trim()) : null;
}

/** An optional whole number: undefined when empty, null when it is not one. */
const optional = (text: string) => (text.trim() === '' ? undefined : wholeNumber(text));

export interface CheckedEndpoint {
  prices: CheckedPrices;
  /** What is wrong with each field, in the browser's words. */
  local: Partial<Record<keyof LimitValues | 'prices', string | null>>;
  valid: boolean;
  body: () => CreateCatalogEntryRequest;
}

export function checkNewEndpoint(draft: NewEndpointDraft): CheckedEndpoint {
  const unit = CATEGORY_BILLING_UNIT[draft.category];
  const prices = checkMeterPrices(draft.prices, unit);
  const defaultLimit = wholeNumber(draft.defaultLimit);
  const declared = optional(draft.declaredLatency);
  const maxQuantity = optional(draft.maxQuantity);
  const maxOutputTokens = unit === 'tokens_1k' ? optional(draft.maxOutputTokens) : undefined;
  const local = {
    prices: prices.valid ? null : 'See the prices.',
    defaultLimit: defaultLimit === null ? 'A whole number of requests.' : null,
    declaredLatency: declared === null ? 'A whole number of milliseconds, or empty.' : null,
    maxQuantity: maxQuantity === null ? 'A whole number, or empty for the default.' : null,
    maxOutputTokens: maxOutputTokens === null ? 'A whole number of tokens, or empty.' : null,
  };
  return {
    prices,
    local,
    valid: !Object.values(local).some(Boolean),
    body: () => ({
      slug: slugOf(draft),
      description: draft.description.trim(),
      ...prices.fields(true),
      default_rate_limit: defaultLimit!,
      ...(declared === undefined ? {} : { declared_latency_ms: declared! }),
      ...(maxQuantity === undefined ? {} : { max_quantity_per_call: maxQuantity! }),
      ...(maxOutputTokens === undefined ? {} : { max_output_tokens: maxOutputTokens! }),
      streamable: draft.streamable,
      upstreams: toUpstreamRequests(draft.upstreams),
    }),
  };
}
