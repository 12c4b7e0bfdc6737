/** One month of a tenant's (or a customer's) statement for the operator: its figures, its lines per endpoint and meter, the plan fee, the corrections, and its CSV. */
import type { OperatorStatementLineView, OperatorStatementMeterLineView } from '@unified-api-gateway/sdk';
import { DataTable } from '../../../components/DataTable';
import { meterLinesDetail } from '../../../components/MeterLines';
import { Card, EmptyState, ErrorNotice, Loading, Stat } from '../../../components/ui';
import { formatQuantity } from '../../../lib/billing-units';
import { formatDate, monthLabel } from '../../../lib/format';
import { formatUsd } from '../../../lib/money';
import { operatorColumns } from '../operator-figures';
import { tenantStatementCsvUrl, useTenantStatement } from '../operator-queries';
import { PlanFeeTable } from './PlanFeeTable';
import { CorrectionsTable } from './CorrectionsTable';

type Line = OperatorStatementLineView;

export function TenantStatementDetail({
  tenantId,
  customerId,
  month,
  whose,
}: {
  tenantId: string;
  customerId: string | null;
  month: string;
  whose: string;
}) {
  const statement = useTenantStatement(tenantId, customerId, month);
  const title = `${monthLabel(month)}: ${whose}`;
  if (statement.isPending) return <Loading />;
  if (statement.isError) return <ErrorNotice error={statement.error} onRetry={() => void statement.refetch()} />;
  const s = statement.data;
  if (!s) return null;
  return (
    <Card
      title={title}
      description={
        s.status === 'open'
          ? 'Open: computed from the calls as they are now; it changes until the month is closed.'
          : `Closed ${formatDate(s.closed_at)}: it never changes again; later corrections appear on a following month.`
      }
      actions={
        <a className="btn btn-sm" href={tenantStatementCsvUrl(tenantId, customerId, month)} download>
          Download CSV
        </a>
      }
    >
      <div className="stack" data-testid="statement">
        <div className="grid-4">
          <Stat
            label="Owed (resale)"
            value={formatUsd(s.totals.resale_usd)}
            sub={`${formatQuantity(String(s.totals.calls), 'call')} · with the ${formatUsd(s.plan_fee_usd)} plan fee ${formatUsd(s.total_usd)}`}
          />
          <Stat label="Wholesale cost" value={formatUsd(s.totals.wholesale_usd)} />
          <Stat label="Your margin" value={formatUsd(s.totals.operator_margin_usd)} sub="Resale − wholesale" />
          <Stat
            label="Billed to callers"
            value={formatUsd(s.totals.customer_price_usd)}
            sub={`Reseller's margin ${formatUsd(s.totals.reseller_margin_usd)}`}
          />
        </div>
        <DataTable<Line>
          caption={`Lines of the statement of ${title}`}
          rows={s.lines}
          rowKey={(l) => `${l.slug ?? 'none'}:${l.billing_unit ?? ''}`}
          empty={<EmptyState title="No calls this month" />}
          footer
          columns={[
            {
              header: 'Endpoint',
              primary: true,
              cell: (l) => <span className="cell-title mono">{l.slug ?? 'No endpoint'}</span>,
              footer: 'Total',
            },
            { header: 'Usage', numeric: true, cell: (l) => formatQuantity(l.quantity, l.billing_unit) },
            ...operatorColumns<Line>((l) => l, s.usage),
          ]}
          // An endpoint priced in several meters: its lines per meter under it.
          detail={meterLinesDetail<Line, OperatorStatementMeterLineView>(
            (l) => `Lines per meter of ${l.slug ?? 'no endpoint'} on the statement of ${title}`,
            (l) => l.billing_unit,
            [
              { header: 'Billed to callers', amount: (m) => m.customer_price_usd },
              { header: 'Owed (resale)', amount: (m) => m.resale_usd },
              { header: 'Wholesale cost', amount: (m) => m.wholesale_usd },
              { header: 'Your margin', amount: (m) => m.operator_margin_usd },
            ],
          )}
        />
        {s.lines.some((l) => l.meters === null) && (
          <p className="muted">Closed before lines per meter were kept: this statement has its lines per endpoint only.</p>
        )}
        {s.plan_fees.length > 0 && (
          <>
            <h3>Plan fee</h3>
            <PlanFeeTable caption={`Plan fee on the statement of ${title}`} fees={s.plan_fees} total={s.plan_fee_usd} />
          </>
        )}
        {s.adjustments.length > 0 && (
          <>
            <h3>Corrections of closed months</h3>
            <CorrectionsTable caption={`Corrections on the statement of ${title}`} statement={s} />
          </>
        )}
      </div>
    </Card>
  );
}
