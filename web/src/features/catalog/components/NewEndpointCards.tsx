/** The cards of the new endpoint form: the endpoint (category, operation, description), and its prices and limits. */
import type { Category } from '@unified-api-gateway/sdk';
import { Card, SelectField, TextField } from '../../../components/ui';
import { CATEGORY_BILLING_UNIT } from '../../../lib/billing-units';
import { CATEGORIES, CATEGORY_UNIT_LABELS, categoryLabel } from '../../../lib/categories';
import { isUnitPrice } from '../../../lib/meters';
import type { CheckedEndpoint, NewEndpointDraft } from '../new-endpoint-draft';
import { slugOf } from '../new-endpoint-draft';
import { EndpointLimitFields, OUTPUT_TOKENS_HINT, StreamsCheckbox } from './EndpointLimitFields';
import { MeterPricesEditor } from './MeterPricesEditor';

interface CardProps {
  draft: NewEndpointDraft;
  set: (patch: Partial<NewEndpointDraft>) => void;
  problemOf: (path: string) => string | null;
}

export function EndpointCard({ draft, set, setCategory, problemOf }: CardProps & { setCategory: (category: Category) => void }) {
  return (
    <Card title="Endpoint" description="The category decides the billing unit; the slug is what callers put in the URL.">
      <div className="form">
        <div className="form-row">
          <SelectField
            label="Category"
            value={draft.category}
            onChange={(e) => setCategory(e.target.value as Category)}
            options={CATEGORIES.map((category) => ({
              value: category,
              label: `${categoryLabel(category)}: per ${CATEGORY_UNIT_LABELS[category]}`,
            }))}
          />
          <TextField
            label="Operation"
            required
            value={draft.operation}
            onChange={(e) => set({ operation: e.target.value })}
            placeholder="summarize"
            hint={
              <>
                Slug: <span className="mono">{slugOf(draft)}</span>
              </>
            }
            error={problemOf('slug')}
          />
        </div>
        <TextField
          label="Description"
          value={draft.description}
          onChange={(e) => set({ description: e.target.value })}
          placeholder="What it does, for the public catalog."
          error={problemOf('description')}
        />
      </div>
    </Card>
  );
}

export function PricesLimitsCard({
  draft,
  set,
  problemOf,
  checked,
  tried,
  serverPriceProblems,
}: CardProps & { checked: CheckedEndpoint; tried: boolean; serverPriceProblems: string[] }) {
  const unit = CATEGORY_BILLING_UNIT[draft.category];
  // The browser's own findings once the form was submitted, else the API's.
  const error = (field: 'defaultLimit' | 'declaredLatency' | 'maxQuantity' | 'maxOutputTokens', path: string) =>
    (tried ? checked.local[field] : null) ?? problemOf(path);
  return (
    <Card
      title="Prices and limits"
      description={
        isUnitPrice(
          unit,
          draft.prices.map((p) => p.meter),
        )
          ? `Prices are USD per ${CATEGORY_UNIT_LABELS[draft.category]}. Resale is what tenants pay before their plan's discount.`
          : "Prices are USD per each meter's unit. Resale is what tenants pay before their plan's discount."
      }
    >
      <div className="form">
        <MeterPricesEditor
          rows={draft.prices}
          onChange={(rows) => set({ prices: rows })}
          unit={unit}
          checked={checked.prices}
          showAmountProblems={tried}
          problemOf={problemOf}
          serverProblems={serverPriceProblems}
        />
        <EndpointLimitFields
          values={draft}
          onChange={set}
          tokens={unit === 'tokens_1k'}
          requiredLimit
          hints={{
            defaultLimit: 'Requests per key, unless a limit says otherwise.',
            declaredLatency: 'Published on the catalog. Empty: 0.',
            maxQuantity: "In the unit's base measure. Empty: the unit's default.",
            maxOutputTokens: OUTPUT_TOKENS_HINT,
          }}
          errors={{
            defaultLimit: error('defaultLimit', 'default_rate_limit'),
            declaredLatency: error('declaredLatency', 'declared_latency_ms'),
            maxQuantity: error('maxQuantity', 'max_quantity_per_call'),
            maxOutputTokens: error('maxOutputTokens', 'max_output_tokens'),
          }}
        />
        <StreamsCheckbox checked={draft.streamable} onChange={(streamable) => set({ streamable })} />
      </div>
    </Card>
  );
}
