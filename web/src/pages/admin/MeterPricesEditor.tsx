/**
 * A price as the operator edits it: wholesale and resale per meter (docs/concepts/meters.md). A
 * slug priced in its billing unit's one meter shows the two fields it always had and is sent as the
 * shorthand (wholesale_usd_per_unit, resale_usd_per_unit); meters can be added (input and output
 * tokens, characters beside minutes, …) and are then sent as `prices`. The form owns the rows;
 * the editor checks them as the API does (meterSetProblems, amounts of at most 12 decimals) and
 * shows, beside the rows, what the API still refused about this price.
 */
import type { BillingUnit, Meter, MeterPriceRequest, MeterPriceView } from '../../api/openapi.generated';
import { ApiError } from '../../api/http';
import { SelectField, TextField } from '../../components/ui';
import { formatBps } from '../../lib/format';
import { DEFAULT_METER, isUnitPrice, METER_NAMES, meterSetProblems, METERS } from '../../lib/meters';
import { formatPicoUsd, picoUsdAsPriceInput, usdToPicoUsd } from '../../lib/money';

export interface MeterPriceDraft {
  key: string;
  meter: Meter;
  /** USD per the meter's unit, as typed. */
  wholesale: string;
  resale: string;
}

/** The price fields of a request: the shorthand of a price in the slug's one meter, or its meters. */
export type PriceFields = { prices: MeterPriceRequest[] } | { wholesale_usd_per_unit: string; resale_usd_per_unit: string };

let nextKey = 0;
function draftKey(): string {
  nextKey += 1;
  return `meter-${nextKey}`;
}

/** A new price: the billing unit's one meter, amounts to be typed. */
export function newMeterPrices(unit: BillingUnit, wholesale = '', resale = ''): MeterPriceDraft[] {
  return [{ key: draftKey(), meter: DEFAULT_METER[unit], wholesale, resale }];
}

export function toMeterPriceDrafts(prices: readonly MeterPriceView[]): MeterPriceDraft[] {
  return prices.map((p) => ({ key: draftKey(), meter: p.meter, wholesale: p.wholesale_usd_per_unit, resale: p.resale_usd_per_unit }));
}

/** A USD amount as typed, as the exact decimal string the API takes; null when it is not one. */
export function priceInput(text: string): string | null {
  const pico = usdToPicoUsd(text);
  return pico === null ? null : picoUsdAsPriceInput(pico);
}

const AMOUNT_PROBLEM = 'An amount in USD, at most 12 decimals.';

export interface CheckedPrices {
  /** What is wrong with the set of meters, in the API's words. */
  problems: string[];
  /** Per row: what is wrong with each amount. */
  amounts: Array<{ wholesale: string | null; resale: string | null }>;
  valid: boolean;
  /**
   * The request's price fields (only when valid): the shorthand where the price is the slug's one
   * meter and `shorthand` allows it, else `prices`.
   */
  fields: (shorthand: boolean) => PriceFields;
}

export function checkMeterPrices(rows: readonly MeterPriceDraft[], unit: BillingUnit): CheckedPrices {
  const problems = meterSetProblems(rows.map((row) => row.meter));
  const amounts = rows.map((row) => ({
    wholesale: priceInput(row.wholesale) === null ? AMOUNT_PROBLEM : null,
    resale: priceInput(row.resale) === null ? AMOUNT_PROBLEM : null,
  }));
  const valid = problems.length === 0 && amounts.every((a) => a.wholesale === null && a.resale === null);
  return {
    problems,
    amounts,
    valid,
    fields: (shorthand) => {
      const prices = rows.map((row) => ({
        meter: row.meter,
        wholesale_usd_per_unit: priceInput(row.wholesale)!,
        resale_usd_per_unit: priceInput(row.resale)!,
      }));
      return shorthand &&
        isUnitPrice(
          unit,
          rows.map((row) => row.meter),
        )
        ? { wholesale_usd_per_unit: prices[0].wholesale_usd_per_unit, resale_usd_per_unit: prices[0].resale_usd_per_unit }
        : { prices };
    },
  };
}

/** The property paths (under `prefix`, e.g. `models.0.`) whose API problems the editor shows beside its fields. */
export function meterPricePaths(prefix: string, count: number): string[] {
  return [
    `${prefix}wholesale_usd_per_unit`,
    `${prefix}resale_usd_per_unit`,
    `${prefix}prices`,
    ...Array.from({ length: count }, (_, i) =>
      ['meter', 'wholesale_usd_per_unit', 'resale_usd_per_unit'].map((field) => `${prefix}prices.${i}.${field}`),
    ).flat(),
  ];
}

/**
 * The API's problems with one price as a whole (src/catalog/meter-prices.ts): each starts with what
 * it is about, `the price: …` or `model <name>: …`.
 */
export function priceProblemsOf(error: unknown, what: string): string[] {
  if (!(error instanceof ApiError) || error.code !== 'invalid_request') return [];
  return error.problems.filter((problem) => problem.startsWith(`${what}: `));
}

/** Meters worth offering first when one is added to a price in this unit. */
const SUGGESTED: Partial<Record<BillingUnit, readonly Meter[]>> = {
  tokens_1k: ['input_tokens', 'output_tokens', 'cached_input_tokens', 'cache_write_tokens'],
  minute: ['characters'],
};

/** The meter "Add a meter" adds: a suggested one that keeps the price valid, else any such, else the first unused. */
function meterToAdd(rows: readonly MeterPriceDraft[], unit: BillingUnit): Meter | null {
  const used = new Set(rows.map((row) => row.meter));
  const unused = METER_NAMES.filter((m) => !used.has(m));
  const suggested = (SUGGESTED[unit] ?? []).filter((m) => !used.has(m));
  const keepsValid = (m: Meter) => meterSetProblems([...used, m]).length === 0;
  return suggested.find(keepsValid) ?? unused.find(keepsValid) ?? suggested[0] ?? unused[0] ?? null;
}

function Margin({ wholesale, resale }: { wholesale: string; resale: string }) {
  const w = usdToPicoUsd(wholesale);
  const r = usdToPicoUsd(resale);
  if (w === null || r === null) return <span className="faint">—</span>;
  const margin = r - w;
  return (
    <span className={margin < 0n ? 'loss' : undefined} data-testid="meter-margin">
      {formatPicoUsd(margin)}
      {r > 0n && <span className="faint"> ({formatBps(Number((margin * 10_000n) / r))} of resale)</span>}
    </span>
  );
}

export function MeterPricesEditor({
  rows,
  onChange,
  unit,
  checked,
  showAmountProblems = true,
  problemOf = () => null,
  pathPrefix = '',
  serverProblems = [],
}: {
  rows: MeterPriceDraft[];
  onChange: (rows: MeterPriceDraft[]) => void;
  unit: BillingUnit;
  checked: CheckedPrices;
  /** False until the form was submitted once: an empty new field is not an error yet. */
  showAmountProblems?: boolean;
  /** The API's message about a property path (see meterPricePaths). */
  problemOf?: (path: string) => string | null;
  pathPrefix?: string;
  /** The API's problems with this price as a whole (priceProblemsOf). */
  serverProblems?: string[];
}) {
  const single = isUnitPrice(
    unit,
    rows.map((row) => row.meter),
  );
  const update = (index: number, patch: Partial<MeterPriceDraft>) =>
    onChange(rows.map((row, i) => (i === index ? { ...row, ...patch } : row)));
  const adding = meterToAdd(rows, unit);
  const splittable = rows.length === 1 && rows[0].meter === 'tokens';
  const amountProblem = (index: number, side: 'wholesale' | 'resale') => {
    const field = side === 'wholesale' ? 'wholesale_usd_per_unit' : 'resale_usd_per_unit';
    const local = showAmountProblems ? checked.amounts[index]?.[side] : null;
    // One meter in the slug's unit may have gone as the shorthand or as `prices` (see CheckedPrices.fields).
    return local ?? (single ? problemOf(`${pathPrefix}${field}`) : null) ?? problemOf(`${pathPrefix}prices.${index}.${field}`);
  };
  const problems = [
    ...checked.problems.map((p) => `Price: ${p}.`),
    ...[problemOf(`${pathPrefix}prices`)].filter((p): p is string => p !== null),
    ...serverProblems,
  ];

  return (
    <div className="meter-prices">
      {rows.map((row, index) => (
        <div key={row.key} className="meter-price" role="group" aria-label={`Price per ${METERS[row.meter].label}`} data-meter={row.meter}>
          <div className="form-row">
            {!single && (
              <SelectField
                label="Meter"
                value={row.meter}
                onChange={(e) => update(index, { meter: e.target.value as Meter })}
                options={METER_NAMES.map((meter) => ({ value: meter, label: METERS[meter].label }))}
                hint={
                  problemOf(`${pathPrefix}prices.${index}.meter`) ?? (
                    <>
                      In the API: <span className="mono">{row.meter}</span>
                    </>
                  )
                }
              />
            )}
            <TextField
              label="Wholesale (USD)"
              inputMode="decimal"
              value={row.wholesale}
              onChange={(e) => update(index, { wholesale: e.target.value })}
              hint={`What the upstream costs you per ${METERS[row.meter].label}.`}
              error={amountProblem(index, 'wholesale')}
            />
            <TextField
              label="Resale (USD)"
              inputMode="decimal"
              value={row.resale}
              onChange={(e) => update(index, { resale: e.target.value })}
              hint={`What tenants pay per ${METERS[row.meter].label}.`}
              error={amountProblem(index, 'resale')}
            />
            <div className="field">
              <span className="label">Margin</span>
              <Margin wholesale={row.wholesale} resale={row.resale} />
            </div>
          </div>
          {!single && (
            <div className="row">
              <button
                type="button"
                className="btn btn-sm btn-danger-outline"
                onClick={() => onChange(rows.filter((_, i) => i !== index))}
                aria-label={`Remove the ${row.meter} price`}
              >
                Remove meter
              </button>
            </div>
          )}
        </div>
      ))}
      {problems.length > 0 && (
        <div className="alert alert-warn" role="status">
          <ul>
            {problems.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ul>
        </div>
      )}
      <div className="row">
        {splittable && (
          <button
            type="button"
            className="btn btn-sm"
            onClick={() =>
              onChange(
                (['input_tokens', 'output_tokens'] as const).map((meter) => ({
                  key: draftKey(),
                  meter,
                  wholesale: rows[0].wholesale,
                  resale: rows[0].resale,
                })),
              )
            }
          >
            Split into input and output tokens
          </button>
        )}
        <button
          type="button"
          className="btn btn-sm"
          disabled={adding === null}
          onClick={() => adding && onChange([...rows, { key: draftKey(), meter: adding, wholesale: '', resale: '' }])}
        >
          {single ? 'Price per meter: add a meter' : 'Add a meter'}
        </button>
      </div>
    </div>
  );
}
