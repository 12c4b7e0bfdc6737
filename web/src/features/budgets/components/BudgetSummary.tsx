/** Where a budget's period stands: spent, held by calls in flight, remaining, and what one call holds. */
import type { BudgetView, CallHoldView } from '@unified-api-gateway/sdk';
import { DataTable } from '../../../components/DataTable';
import { formatDateTime } from '../../../lib/format';
import { formatUsd, usdToPicoUsd } from '../../../lib/money';

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
