/** An endpoint's prices (per meter) and settings: saved as one change, applied at once; Reset goes back to what is stored. */
import { useState, type FormEvent } from 'react';
import type { CatalogEntryView } from '@unified-api-gateway/sdk';
import { ApiProblemsScope, Card, FormActions, FormError, ProblemList, TextField } from '../../../components/ui';
import { fieldProblems } from '../../../lib/field-problems';
import { formatCount } from '../../../lib/format';
import { isUnitPrice } from '../../../lib/meters';
import { meterPricePaths, priceProblemsOf, toMeterPriceDrafts } from '../meter-price-draft';
import { useUpdateEntry } from '../queries';
import { useConfirmBelowCost } from '../use-confirm-below-cost';
import { checkSettings, toSettingsDraft, type SettingsDraft } from '../settings-draft';
import { EndpointLimitFields, OUTPUT_TOKENS_HINT, StreamsCheckbox } from './EndpointLimitFields';
import { MeterPricesEditor } from './MeterPricesEditor';

export function SettingsCard({ entry }: { entry: CatalogEntryView }) {
  const [draft, setDraft] = useState(() => toSettingsDraft(entry));
  const set = (patch: Partial<SettingsDraft>) => setDraft((current) => ({ ...current, ...patch }));
  const { problems, prices, body } = checkSettings(draft, entry);
  const save = useUpdateEntry(entry.slug);
  const confirmBelowCost = useConfirmBelowCost();
  const apiProblems = fieldProblems(save.error, meterPricePaths('', draft.prices.length));
  const serverPriceProblems = priceProblemsOf(save.error, 'the price');
  const unitPrice = isUnitPrice(
    entry.billing_unit,
    draft.prices.map((p) => p.meter),
  );
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (problems.length || !prices.valid) return;
    if (!(await confirmBelowCost(entry.slug, draft.prices))) return;
    // The API's order of meters (and fresh row keys), so Reset goes back to what is stored now.
    save.mutate(body(), { onSuccess: (next) => set({ prices: toMeterPriceDrafts(next.prices) }) });
  };
  return (
    <Card
      title="Prices and settings"
      description={
        unitPrice
          ? `Prices are USD per ${entry.billing_unit_label}. Resale is what tenants pay before their plan's discount.`
          : "Prices are USD per each meter's unit. Resale is what tenants pay before their plan's discount."
      }
    >
      <form className="form" onSubmit={(event) => void submit(event)}>
        <ApiProblemsScope placed={[...apiProblems.placed, ...serverPriceProblems]}>
          <MeterPricesEditor
            rows={draft.prices}
            onChange={(rows) => set({ prices: rows })}
            unit={entry.billing_unit}
            checked={prices}
            problemOf={apiProblems.of}
            serverProblems={serverPriceProblems}
          />
          <EndpointLimitFields
            values={draft}
            onChange={set}
            tokens={entry.billing_unit === 'tokens_1k'}
            hints={{
              maxQuantity: `In the unit's base measure. Empty: the default (${formatCount(entry.effective_max_quantity_per_call)} now).`,
              maxOutputTokens: OUTPUT_TOKENS_HINT,
            }}
          />
          <TextField label="Description" value={draft.description} onChange={(e) => set({ description: e.target.value })} />
          <StreamsCheckbox checked={draft.streamable} onChange={(streamable) => set({ streamable })} />
          <ProblemList problems={problems} />
          <FormError error={save.error} placed={[...apiProblems.placed, ...serverPriceProblems]} />
          <FormActions
            small
            submitLabel="Save"
            disabled={save.isPending || problems.length > 0 || !prices.valid}
            onCancel={() => setDraft(toSettingsDraft(entry))}
            cancelLabel="Reset"
          />
        </ApiProblemsScope>
      </form>
    </Card>
  );
}
