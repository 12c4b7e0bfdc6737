/** The cards of a console statement: its usage per endpoint, the adjustments, the plan fee, and the total. */
import { Link } from 'react-router';
import type {
  StatementAdjustmentView,
  StatementLineView,
  StatementMeterLineView,
  StatementSumsView,
  StatementView,
} from '@unified-api-gateway/sdk';
import { countColumn } from '../../../components/columns';
import { DataTable } from '../../../components/DataTable';
import { meterLinesDetail } from '../../../components/MeterLines';
import { Card, EmptyState } from '../../../components/ui';
import { billingUnitLabel, formatQuantity } from '../../../lib/billing-units';
import { formatDateTime, monthLabel } from '../../../lib/format';
import { statementPath, type StatementScope } from '../queries';
import { meterMoney, moneyColumns } from '../statement-figures';
import { linesText } from '../statement-text';
import { EndpointCell } from './EndpointCell';

type Props = { statement: StatementView; reseller: boolean };

export function UsageLinesCard({ statement: s, reseller }: Props) {
  const month = monthLabel(s.month);
  return (
    <Card title="Usage per endpoint" description={linesText(s)} flush>
      <DataTable<StatementLineView>
        caption={`Usage per endpoint, ${month}`}
        rows={s.lines}
        rowKey={(line) => `${line.slug ?? 'none'}:${line.billing_unit ?? ''}`}
        detail={meterLinesDetail<StatementLineView, StatementMeterLineView>(
          (line) => `Usage of ${line.slug ?? 'no endpoint'} per meter, ${month}`,
          (line) => line.billing_unit,
          meterMoney<StatementMeterLineView>(reseller),
        )}
        empty={
          <EmptyState title="No calls in this month">{s.status === 'open' ? 'Calls show up here as they are made.' : undefined}</EmptyState>
        }
        footer
        columns={[
          { header: 'Endpoint', primary: true, cell: (line) => <EndpointCell line={line} />, footer: 'Usage' },
          { header: 'Unit', cell: (line) => <span className="nowrap">{billingUnitLabel(line.billing_unit)}</span> },
          countColumn<StatementLineView>('Calls', (line) => line.calls, s.usage.calls),
          countColumn<StatementLineView>('Errors', (line) => line.errors, s.usage.errors),
          { header: 'Quantity', numeric: true, cell: (line) => formatQuantity(line.quantity, line.billing_unit) },
          ...moneyColumns<StatementLineView>(reseller, (line) => line, s.usage),
        ]}
      />
    </Card>
  );
}

export function AdjustmentsCard({ statement: s, reseller, scope }: Props & { scope: StatementScope }) {
  return (
    <Card
      title="Adjustments"
      description={
        s.adjustments.length > 0
          ? 'Usage of earlier months found after they closed (records that landed late): counted here, never by changing a closed statement.'
          : undefined
      }
      flush
    >
      <DataTable<StatementAdjustmentView>
        caption={`Adjustments, ${monthLabel(s.month)}`}
        rows={s.adjustments}
        rowKey={(a) => `${a.corrects_month}:${a.slug ?? 'none'}:${a.billing_unit ?? ''}:${a.found_at}`}
        empty={<p className="card-body muted">No adjustments on this statement.</p>}
        footer
        columns={[
          { header: 'Endpoint', primary: true, cell: (a) => <EndpointCell line={a} />, footer: 'Adjustments' },
          {
            header: 'Corrects',
            cell: (a) => (
              // One child, so a phone's labelled cell keeps the month and when it was found together.
              <span>
                <Link to={statementPath(scope, a.corrects_month)}>{monthLabel(a.corrects_month)}</Link>
                <span className="cell-sub">found {formatDateTime(a.found_at)}</span>
              </span>
            ),
          },
          countColumn<StatementAdjustmentView>('Calls', (a) => a.calls, s.adjustment_totals.calls),
          { header: 'Quantity', numeric: true, cell: (a) => formatQuantity(a.quantity, a.billing_unit) },
          ...moneyColumns<StatementAdjustmentView>(reseller, (a) => a, s.adjustment_totals),
        ]}
      />
    </Card>
  );
}

type Part = { label: string; sums: StatementSumsView };

/** Usage plus adjustments: shown when there are adjustments. */
export function TotalCard({ statement: s, reseller }: Props) {
  return (
    <Card title="Total" description="Usage plus adjustments: what this statement comes to." flush>
      <DataTable<Part>
        caption={`Total, ${monthLabel(s.month)}`}
        rows={[
          { label: 'Usage', sums: s.usage },
          { label: 'Adjustments', sums: s.adjustment_totals },
        ]}
        rowKey={(row) => row.label}
        footer
        columns={[
          { header: 'Part', primary: true, cell: (row) => row.label, footer: 'Total' },
          countColumn<Part>('Calls', (row) => row.sums.calls, s.totals.calls),
          ...moneyColumns<Part>(reseller, (row) => row.sums, s.totals),
        ]}
      />
    </Card>
  );
}
