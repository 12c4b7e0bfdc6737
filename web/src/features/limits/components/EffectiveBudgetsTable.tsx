/** The budgets of a key's calls: each cap, its period's spend and room, and the one that binds. */
import type { EffectiveBudgetView } from '@unified-api-gateway/sdk';
import { DataTable } from '../../../components/DataTable';
import { Badge, EmptyState } from '../../../components/ui';
import { formatUsd } from '../../../lib/money';
import { BUDGET_NAMES, PERIOD_NAMES } from '../limit-names';

export function EffectiveBudgetsTable({ budgets }: { budgets: EffectiveBudgetView[] }) {
  return (
    <DataTable<EffectiveBudgetView>
      caption="Budgets of this key's calls"
      rows={budgets}
      rowKey={(b) => b.budget_id}
      empty={<EmptyState title="No budget applies to this key's calls" />}
      columns={[
        { header: 'Budget', primary: true, cell: (b) => <span className="cell-title">{BUDGET_NAMES[b.subject]}</span> },
        { header: 'Cap', numeric: true, cell: (b) => `${formatUsd(b.cap_usd)} ${PERIOD_NAMES[b.period]}` },
        { header: 'Spent', numeric: true, cell: (b) => formatUsd(b.spent_usd) },
        { header: 'Left', numeric: true, cell: (b) => formatUsd(b.remaining_usd) },
        {
          header: 'Binds',
          cell: (b) => (b.binding ? <Badge tone="warn">Binding: refuses first</Badge> : <span className="faint">No</span>),
        },
      ]}
    />
  );
}
