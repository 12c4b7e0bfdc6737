/** An endpoint's prices and settings as its page's form edits them: the text as typed, checked, and the API's body. */
import type { CatalogEntryView, UpdateCatalogEntryRequest } from '@unified-api-gateway/sdk';
import type { LimitValues } from './components/EndpointLimitFields';
import { checkMeterPrices, toMeterPriceDrafts, type CheckedPrices, type MeterPriceDraft } from './meter-price-draft';

/** The default limit is not here: the endpoint's one limit control (EndpointLimitCard) shows it and sets the override. */
export interface SettingsDraft extends Omit<LimitValues, 'defaultLimit'> {
  description: string;
  prices: MeterPriceDraft[];
  streamable: boolean;
}

export function toSettingsDraft(entry: CatalogEntryView): SettingsDraft {
  return {
    description: entry.description,
    prices: toMeterPriceDrafts(entry.prices),
    declaredLatency: String(entry.declared_latency_ms),
    maxQuantity: entry.max_quantity_per_call === null ? '' : String(entry.max_quantity_per_call),
    maxOutputTokens: entry.max_output_tokens === null ? '' : String(entry.max_output_tokens),
    streamable: entry.streamable,
  };
}

/** What the browser checks itself (whole numbers, USD amounts), and the body once they pass. */
export function checkSettings(
  draft: SettingsDraft,
  entry: CatalogEntryView,
): { problems: string[]; prices: CheckedPrices; body: () => UpdateCatalogEntryRequest } {
  const problems: string[] = [];
  const prices = checkMeterPrices(draft.prices, entry.billing_unit);
  const int = (text: string, label: string, min: number) => {
    if (!/^\d+$/.test(text) || Number(text) < min) problems.push(`${label}: a whole number of at least ${min}.`);
    return Number(text);
  };
  const declared = int(draft.declaredLatency, 'Declared latency', 0);
  const maxQuantity = draft.maxQuantity === '' ? null : int(draft.maxQuantity, 'Usage cap per call', 1);
  const maxOutputTokens = draft.maxOutputTokens === '' ? null : int(draft.maxOutputTokens, 'Output tokens per call', 1);
  // The shorthand only while the endpoint is priced in its unit's one meter (the API refuses it otherwise).
  const storedAsUnitPrice = entry.wholesale_usd_per_unit !== null;
  return {
    problems,
    prices,
    body: () => ({
      description: draft.description,
      ...prices.fields(storedAsUnitPrice),
      declared_latency_ms: declared,
      max_quantity_per_call: maxQuantity,
      ...(entry.billing_unit === 'tokens_1k' ? { max_output_tokens: maxOutputTokens } : {}),
      streamable: draft.streamable,
    }),
  };
}
