/**
 * The editor of a price (MeterPriceDraft rows): a row per meter with its wholesale, resale and margin;
 * meters added, split or removed. The form owns the rows; beside them the editor shows what the
 * browser found wrong and what the API still refused about this price.
 */
import type { BillingUnit } from '@unified-api-gateway/sdk';
import { ProblemList } from '../../../components/ui';
import { isUnitPrice } from '../../../lib/meters';
import { draftKey, meterToAdd, type CheckedPrices, type MeterPriceDraft } from '../meter-price-draft';
import { MeterPriceRow } from './MeterPriceRow';

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
  const adding = meterToAdd(rows, unit);
  const splittable = rows.length === 1 && rows[0].meter === 'tokens';
  const problems = [
    ...checked.problems.map((p) => `Price: ${p}.`),
    ...[problemOf(`${pathPrefix}prices`)].filter((p): p is string => p !== null),
    ...serverProblems,
  ];
  const split = () =>
    onChange(
      (['input_tokens', 'output_tokens'] as const).map((meter) => ({
        key: draftKey(),
        meter,
        wholesale: rows[0].wholesale,
        resale: rows[0].resale,
      })),
    );

  return (
    <div className="meter-prices">
      {rows.map((row, index) => (
        <MeterPriceRow
          key={row.key}
          row={row}
          single={single}
          onChange={(patch) => onChange(rows.map((r, i) => (i === index ? { ...r, ...patch } : r)))}
          onRemove={() => onChange(rows.filter((_, i) => i !== index))}
          amountProblem={(side) => {
            const field = side === 'wholesale' ? 'wholesale_usd_per_unit' : 'resale_usd_per_unit';
            const local = showAmountProblems ? checked.amounts[index]?.[side] : null;
            // One meter in the slug's unit may have gone as the shorthand or as `prices` (see CheckedPrices.fields).
            return local ?? (single ? problemOf(`${pathPrefix}${field}`) : null) ?? problemOf(`${pathPrefix}prices.${index}.${field}`);
          }}
          meterProblem={problemOf(`${pathPrefix}prices.${index}.meter`)}
        />
      ))}
      <ProblemList problems={problems} role="status" />
      <div className="row">
        {splittable && (
          <button type="button" className="btn btn-sm" onClick={split}>
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
