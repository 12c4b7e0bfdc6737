/**
 * The models of an endpoint as its page's form edits them (each at its own price, the first the
 * default), checked as the API checks them, and replaced as a whole list (PUT …/models).
 */
import type { BillingUnit, CatalogEntryView, ModelRequest, ModelView } from '@unified-api-gateway/sdk';
import {
  checkMeterPrices,
  meterPricePaths,
  priceProblemsOf,
  toMeterPriceDrafts,
  type CheckedPrices,
  type MeterPriceDraft,
} from './meter-price-draft';

export interface ModelDraft {
  key: string;
  name: string;
  prices: MeterPriceDraft[];
  /** Empty: the endpoint's output limit. */
  maxOutputTokens: string;
}

const MODEL_FIELDS = ['name', 'max_output_tokens'] as const;

export function toModelDraft(model: ModelView): ModelDraft {
  return {
    key: model.name,
    name: model.name,
    prices: toMeterPriceDrafts(model.prices),
    maxOutputTokens: model.max_output_tokens === null ? '' : String(model.max_output_tokens),
  };
}

let added = 0;

/** A new model, starting from the endpoint's own price. */
export function newModel(entry: CatalogEntryView): ModelDraft {
  added += 1;
  return { key: `new-${added}`, name: '', prices: toMeterPriceDrafts(entry.prices), maxOutputTokens: '' };
}

/** Every property path of the models whose API problems show next to their fields. */
export function modelPaths(rows: readonly ModelDraft[]): string[] {
  return rows.flatMap((row, index) => [
    ...MODEL_FIELDS.map((field) => `models.${index}.${field}`),
    ...meterPricePaths(`models.${index}.`, row.prices.length),
  ]);
}

/** The API names a model's price problems by the name it was sent (src/catalog/meter-prices.ts). */
export const modelPriceProblems = (error: unknown, row: ModelDraft) => priceProblemsOf(error, `model ${row.name.trim()}`);

export const tokensProblem = (text: string) => (text === '' || /^[1-9]\d*$/.test(text) ? null : 'A whole number of at least 1, or empty.');

/** Each model's prices checked, whether all can be sent, and the request they make. */
export function checkModels(
  rows: readonly ModelDraft[],
  unit: BillingUnit,
): { checked: CheckedPrices[]; valid: boolean; body: () => ModelRequest[] } {
  const checked = rows.map((row) => checkMeterPrices(row.prices, unit));
  return {
    checked,
    valid: rows.every((row, index) => checked[index].valid && tokensProblem(row.maxOutputTokens) === null),
    body: () =>
      rows.map((row, index) => ({
        name: row.name.trim(),
        ...checked[index].fields(true),
        ...(row.maxOutputTokens === '' ? {} : { max_output_tokens: Number(row.maxOutputTokens) }),
      })),
  };
}
