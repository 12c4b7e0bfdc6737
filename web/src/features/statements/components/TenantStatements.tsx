/**
 * A tenant's monthly statements as the operator sees them (and the same per customer of a reseller):
 * the months not closed yet (open: the month in progress, and one that has ended but is not closed
 * yet) and the closed months, as the list answers them, each with what the callers were billed, what
 * the tenant owes (resale), the upstreams' cost and the operator's margin; and one month in detail.
 */
import { useState } from 'react';
import type { CustomerView, OperatorStatementSummaryView } from '@unified-api-gateway/sdk';
import { moneyColumn } from '../../../components/columns';
import { ResourceList } from '../../../components/ResourceList';
import { EmptyState, SelectField } from '../../../components/ui';
import { monthLabel } from '../../../lib/format';
import { useTenantStatements } from '../operator-queries';
import { operatorColumns, operatorMonthStanding } from '../operator-figures';
import { TenantStatementDetail } from './TenantStatementDetail';

type Row = OperatorStatementSummaryView;

export function TenantStatements({
  tenantId,
  tenantName,
  customers,
}: {
  tenantId: string;
  tenantName: string;
  /** A reseller's customers, whose statements can be read one by one; empty for a direct tenant. */
  customers: CustomerView[];
}) {
  const [customerId, setCustomerId] = useState<string | null>(null);
  const [selected, setSelected] = useState<string | null>(null);
  const whose = customerId ? (customers.find((c) => c.id === customerId)?.name ?? 'This customer') : tenantName;
  const statements = useTenantStatements(tenantId, customerId);
  const month = selected ?? statements.rows[0]?.month ?? null;

  return (
    <>
      <ResourceList<Row>
        title="Statements"
        description="Per month: what the callers were billed, what the tenant owes you (resale, after its plan's discount), what the upstreams cost you, and your margin. The month in progress stays open until it is closed."
        actions={
          customers.length > 0 ? (
            <SelectField
              label="Statement of"
              value={customerId ?? ''}
              onChange={(e) => {
                setCustomerId(e.target.value || null);
                setSelected(null);
              }}
              options={[{ value: '', label: 'The whole tenant' }, ...customers.map((c) => ({ value: c.id, label: c.name }))]}
            />
          ) : undefined
        }
        list={statements}
        noun="statements"
        caption={`Statements of ${whose}`}
        rowKey={(r) => r.month}
        empty={<EmptyState title="No statements yet">A statement starts with the first call of a month.</EmptyState>}
        columns={[
          {
            header: 'Month',
            primary: true,
            cell: (r) => (
              <>
                <span className="cell-title">{monthLabel(r.month)}</span>
                <span className="cell-sub">{operatorMonthStanding(r)}</span>
              </>
            ),
          },
          ...operatorColumns<Row>((r) => r.totals),
          moneyColumn<Row>('Plan fee', (r) => r.plan_fee_usd),
          moneyColumn<Row>('Total owed', (r) => r.total_usd),
          {
            header: 'Actions',
            actions: true,
            cell: (r) =>
              r.month === month ? null : (
                <button
                  type="button"
                  className="btn btn-sm"
                  onClick={() => setSelected(r.month)}
                  aria-label={`Show the statement of ${monthLabel(r.month)}`}
                >
                  Show
                </button>
              ),
          },
        ]}
      />
      {month && <TenantStatementDetail tenantId={tenantId} customerId={customerId} month={month} whose={whose} />}
    </>
  );
}
