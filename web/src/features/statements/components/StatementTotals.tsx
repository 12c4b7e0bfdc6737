/** A console statement's figures at a glance: calls, and what was billed, owed and kept (a reseller), or the amount, period and status. */
import type { StatementView } from '@unified-api-gateway/sdk';
import { Stat } from '../../../components/ui';
import { formatCount, monthLabel } from '../../../lib/format';
import { formatUsd } from '../../../lib/money';
import { callsText, closedText, owedText, periodText } from '../statement-text';

export function StatementTotals({ statement, reseller, ofCustomer }: { statement: StatementView; reseller: boolean; ofCustomer: boolean }) {
  const { totals } = statement;
  return (
    <div className="grid-4" data-testid="statement-totals">
      <Stat label="Calls" value={formatCount(totals.calls)} sub={callsText(statement)} />
      {reseller ? (
        <>
          <Stat label={ofCustomer ? 'Billed to the customer' : 'Billed to your callers'} value={formatUsd(totals.customer_price_usd)} />
          <Stat label="You owe" value={formatUsd(statement.total_usd)} sub={owedText(statement)} />
          <Stat label="Your margin" value={formatUsd(totals.reseller_margin_usd)} />
        </>
      ) : (
        <>
          <Stat label="Amount" value={formatUsd(statement.total_usd)} sub={owedText(statement)} />
          <Stat label="Period (UTC)" value={monthLabel(statement.month)} sub={periodText(statement)} />
          <Stat label="Status" value={statement.status === 'open' ? 'Open' : 'Closed'} sub={closedText(statement)} />
        </>
      )}
    </div>
  );
}
