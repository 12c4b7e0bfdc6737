/** The corrections of closed months on an operator statement: usage found after those months closed, with their figures. */
import type { OperatorStatementAdjustmentView, OperatorStatementView } from '@unified-api-gateway/sdk';
import { DataTable } from '../../../components/DataTable';
import { monthLabel } from '../../../lib/format';
import { operatorColumns } from '../operator-figures';

type Adjustment = OperatorStatementAdjustmentView;

export function CorrectionsTable({ caption, statement }: { caption: string; statement: OperatorStatementView }) {
  return (
    <DataTable<Adjustment>
      caption={caption}
      rows={statement.adjustments}
      rowKey={(a) => `${a.corrects_month}:${a.slug ?? 'none'}:${a.found_at}`}
      footer
      columns={[
        {
          header: 'Endpoint',
          primary: true,
          cell: (a) => (
            <>
              <span className="cell-title mono">{a.slug ?? 'No endpoint'}</span>
              <span className="cell-sub">corrects {monthLabel(a.corrects_month)}</span>
            </>
          ),
          footer: 'Total',
        },
        ...operatorColumns<Adjustment>((a) => a, statement.adjustment_totals),
      ]}
    />
  );
}
