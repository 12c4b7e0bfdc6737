/** Sets a budget: its period and its cap in USD (sent as the exact decimal string). */
import { EditForm } from '../../../components/EditForm';
import { SelectField, TextField } from '../../../components/ui';
import type { BudgetRequest } from '@unified-api-gateway/sdk';
import { normaliseUsdInput, usdToPicoUsd } from '../../../lib/money';
import type { BudgetSource } from '../budget-source';
import { useSaveBudget } from '../queries';

export interface BudgetDraft {
  period: BudgetRequest['period'];
  cap: string;
}

const PERIODS: Array<{ value: BudgetRequest['period']; label: string }> = [
  { value: 'monthly', label: 'Monthly (UTC calendar month)' },
  { value: 'weekly', label: 'Weekly (from Monday, UTC)' },
  { value: 'daily', label: 'Daily (UTC)' },
  { value: 'none', label: 'Lifetime (never resets)' },
];

export function BudgetForm({
  source,
  draft,
  onChange,
  onDone,
}: {
  source: BudgetSource;
  draft: BudgetDraft;
  onChange: (patch: Partial<BudgetDraft>) => void;
  onDone: () => void;
}) {
  const save = useSaveBudget(source);
  const { period, cap } = draft;
  const capError = cap && usdToPicoUsd(cap) === null ? 'An amount in USD, at most 12 decimals, e.g. 25 or 0.50.' : null;
  const submit = () => {
    if (!capError && cap) save.mutate({ period, cap_usd: normaliseUsdInput(cap) ?? cap }, { onSuccess: onDone });
  };
  return (
    <EditForm
      onSubmit={submit}
      disabled={save.isPending || !cap || Boolean(capError)}
      error={save.error}
      onCancel={onDone}
      submitLabel="Save budget"
    >
      <div className="form-row">
        <SelectField
          label="Period"
          value={period}
          onChange={(e) => onChange({ period: e.target.value as BudgetRequest['period'] })}
          options={PERIODS}
        />
        <TextField
          label="Cap (USD)"
          inputMode="decimal"
          required
          value={cap}
          onChange={(e) => onChange({ cap: e.target.value })}
          error={capError}
          placeholder="25.00"
        />
      </div>
    </EditForm>
  );
}
