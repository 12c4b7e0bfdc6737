/**
 * A spend budget (of a key, a customer or a tenant): where the period stands, and a form to set or
 * remove it. The same card serves the console (reseller API) and the admin area (operator API).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { ApiError } from '../api/http';
import type { BudgetRequest, BudgetView, CallHoldView } from '../api/openapi.generated';
import { formatDateTime } from '../lib/format';
import { formatUsd, normaliseUsdInput, usdToPicoUsd } from '../lib/money';
import { useConfirm } from './Confirm';
import { DataTable } from './DataTable';
import { useToast } from './Toasts';
import { Card, ErrorNotice, FormError, Loading, SelectField, TextField } from './ui';

const PERIODS: Array<{ value: BudgetRequest['period']; label: string }> = [
  { value: 'monthly', label: 'Monthly (UTC calendar month)' },
  { value: 'weekly', label: 'Weekly (from Monday, UTC)' },
  { value: 'daily', label: 'Daily (UTC)' },
  { value: 'none', label: 'Lifetime (never resets)' },
];

export function BudgetCard({
  queryKey,
  load,
  save,
  remove,
  subject,
  readOnly,
  description,
}: {
  queryKey: unknown[];
  load: () => Promise<BudgetView>;
  save: (body: BudgetRequest) => Promise<BudgetView>;
  remove: () => Promise<void>;
  /** "this key", "this customer", "this tenant" */
  subject: string;
  readOnly?: boolean;
  description?: string;
}) {
  const queryClient = useQueryClient();
  const confirm = useConfirm();
  const toast = useToast();
  const budget = useQuery({
    queryKey,
    queryFn: async () => {
      try {
        return await load();
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
  });
  const [editing, setEditing] = useState(false);
  const [period, setPeriod] = useState<BudgetRequest['period']>('monthly');
  const [cap, setCap] = useState('');
  const capError = cap && usdToPicoUsd(cap) === null ? 'An amount in USD, at most 12 decimals, e.g. 25 or 0.50.' : null;

  const saveBudget = useMutation({
    mutationFn: () => save({ period, cap_usd: normaliseUsdInput(cap) ?? cap }),
    onSuccess: (saved) => {
      queryClient.setQueryData(queryKey, saved);
      setEditing(false);
      toast('Budget saved');
    },
  });
  const removeBudget = useMutation({
    mutationFn: remove,
    onSuccess: () => {
      queryClient.setQueryData(queryKey, null);
      toast('Budget removed');
    },
  });

  const startEditing = (current: BudgetView | null) => {
    setPeriod((current?.period as BudgetRequest['period']) ?? 'monthly');
    setCap(current ? current.cap_usd : '');
    setEditing(true);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!capError && cap) saveBudget.mutate();
  };

  const askRemove = async () => {
    if (
      await confirm({
        title: 'Remove the budget?',
        body: `Calls of ${subject} will no longer be capped by spend.`,
        confirmLabel: 'Remove budget',
      })
    )
      removeBudget.mutate();
  };

  const current = budget.data ?? null;
  return (
    <Card
      title="Budget"
      description={description ?? `A spend cap for ${subject}: a call that would go over it is refused (402) and not billed.`}
      actions={
        !readOnly && !editing && budget.isSuccess ? (
          <>
            <button type="button" className="btn btn-sm" onClick={() => startEditing(current)}>
              {current ? 'Change' : 'Set a budget'}
            </button>
            {current && (
              <button
                type="button"
                className="btn btn-sm btn-danger-outline"
                onClick={() => void askRemove()}
                disabled={removeBudget.isPending}
              >
                Remove
              </button>
            )}
          </>
        ) : undefined
      }
    >
      {budget.isPending ? (
        <Loading />
      ) : budget.isError ? (
        <ErrorNotice error={budget.error} onRetry={() => void budget.refetch()} />
      ) : editing ? (
        <form className="form" onSubmit={submit}>
          <div className="form-row">
            <SelectField
              label="Period"
              value={period}
              onChange={(e) => setPeriod(e.target.value as BudgetRequest['period'])}
              options={PERIODS}
            />
            <TextField
              label="Cap (USD)"
              inputMode="decimal"
              required
              value={cap}
              onChange={(e) => setCap(e.target.value)}
              error={capError}
              placeholder="25.00"
            />
          </div>
          <FormError error={saveBudget.error} />
          <div className="row">
            <button type="submit" className="btn btn-primary btn-sm" disabled={saveBudget.isPending || !cap || Boolean(capError)}>
              Save budget
            </button>
            <button type="button" className="btn btn-sm" onClick={() => setEditing(false)}>
              Cancel
            </button>
          </div>
        </form>
      ) : current ? (
        <BudgetSummary budget={current} />
      ) : (
        <p className="muted" data-testid="no-budget">
          No budget: spend is not capped.
        </p>
      )}
      {removeBudget.isError && <FormError error={removeBudget.error} />}
    </Card>
  );
}

export function BudgetSummary({ budget }: { budget: BudgetView }) {
  const cap = usdToPicoUsd(budget.cap_usd) ?? 0n;
  const used = (usdToPicoUsd(budget.spent_usd) ?? 0n) + (usdToPicoUsd(budget.held_usd) ?? 0n);
  const percent = cap > 0n ? Number((used * 1000n) / cap) / 10 : 100;
  const over = cap > 0n && used >= cap;
  return (
    <div className="stack-sm" data-testid="budget-summary">
      <div className="key-value">
        <span>
          Spent <strong>{formatUsd(budget.spent_usd)}</strong> of <strong>{formatUsd(budget.cap_usd)}</strong>
        </span>
        <span>
          Remaining <strong>{formatUsd(budget.remaining_usd)}</strong>
        </span>
        {budget.held_usd !== '0' && (
          <span>
            Held by calls in flight <strong>{formatUsd(budget.held_usd)}</strong>
          </span>
        )}
      </div>
      <div className={over ? 'progress over' : 'progress'} aria-hidden="true">
        <span style={{ width: `${Math.min(100, percent)}%` }} />
      </div>
      <div className="key-value">
        <span>
          Period <strong>{budget.period === 'none' ? 'lifetime' : budget.period}</strong>, since {formatDateTime(budget.period_start)}
        </span>
        <span>{budget.resets_at ? `Resets ${formatDateTime(budget.resets_at)}` : 'Never resets'}</span>
      </div>
      {over && (
        <div className="alert alert-warn" role="status">
          This budget is used up: calls are refused with 402 budget_exceeded until it resets or is raised.
        </div>
      )}
      {budget.call_holds.length > 0 && (
        <details data-testid="call-holds">
          <summary>What one call holds while it runs</summary>
          <p className="muted">
            A call is admitted while the spend and the holds of calls in flight are under the cap, and holds what it can cost until it ends.
            A call that declares more items, or a larger max_tokens, holds more; none holds more than the last column.
          </p>
          <DataTable<CallHoldView>
            caption="What one call of each endpoint holds on this budget"
            rows={budget.call_holds}
            rowKey={(h) => h.slug}
            columns={[
              { header: 'Endpoint', primary: true, cell: (h) => <span className="mono">{h.slug}</span> },
              { header: 'One call holds', numeric: true, cell: (h) => formatUsd(h.hold_usd) },
              { header: 'At most', numeric: true, cell: (h) => formatUsd(h.max_hold_usd) },
            ]}
          />
        </details>
      )}
    </div>
  );
}
