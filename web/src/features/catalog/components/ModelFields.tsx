/** One model of the list being edited: its name, its output limit (text), its price per meter, and its place in the list. */
import type { BillingUnit } from '@unified-api-gateway/sdk';
import { ReorderButtons } from '../../../components/ReorderButtons';
import { TextField } from '../../../components/ui';
import type { CheckedPrices } from '../meter-price-draft';
import { tokensProblem, type ModelDraft } from '../model-draft';
import { MeterPricesEditor } from './MeterPricesEditor';

export function ModelFields({
  row,
  index,
  count,
  unit,
  checked,
  onChange,
  onMove,
  onRemove,
  problemOf,
  serverProblems,
}: {
  row: ModelDraft;
  index: number;
  count: number;
  unit: BillingUnit;
  checked: CheckedPrices;
  onChange: (patch: Partial<ModelDraft>) => void;
  onMove: (index: number, by: number) => void;
  onRemove: () => void;
  problemOf: (path: string) => string | null;
  serverProblems: string[];
}) {
  return (
    <fieldset>
      <legend>
        {index + 1}. {row.name || 'New model'}
        {index === 0 ? ' (default)' : ''}
      </legend>
      <div className="form">
        <div className="form-row">
          <TextField
            label="Model name"
            required
            value={row.name}
            onChange={(e) => onChange({ name: e.target.value })}
            hint="What callers send as model."
            error={problemOf(`models.${index}.name`)}
          />
          {unit === 'tokens_1k' && (
            <TextField
              label="Output tokens per call"
              inputMode="numeric"
              value={row.maxOutputTokens}
              onChange={(e) => onChange({ maxOutputTokens: e.target.value })}
              hint="The model's output limit, held by budgets for a call without max_tokens. Empty: the endpoint's."
              error={tokensProblem(row.maxOutputTokens) ?? problemOf(`models.${index}.max_output_tokens`)}
            />
          )}
        </div>
        <MeterPricesEditor
          rows={row.prices}
          onChange={(prices) => onChange({ prices })}
          unit={unit}
          checked={checked}
          problemOf={problemOf}
          pathPrefix={`models.${index}.`}
          serverProblems={serverProblems}
        />
        <div className="row">
          <ReorderButtons label={row.name || `model ${index + 1}`} index={index} count={count} onMove={onMove} onRemove={onRemove} />
        </div>
      </div>
    </fieldset>
  );
}
