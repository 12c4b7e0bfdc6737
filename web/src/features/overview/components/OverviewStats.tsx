/** This month at a glance: calls, spend (or what callers were billed and the margin), the plan, the account. */
import type { MeView, UsageRowView } from '@unified-api-gateway/sdk';
import { Stat } from '../../../components/ui';
import { formatCount } from '../../../lib/format';
import { formatUsd } from '../../../lib/money';
import { planFee } from '../../../lib/plans';

export function OverviewStats({
  me,
  totals,
  owed,
}: {
  me: MeView | undefined;
  totals: UsageRowView | undefined;
  owed: string | undefined;
}) {
  const reseller = me?.tenant.kind === 'reseller';
  return (
    <div className="grid-4">
      <Stat
        label="Calls this month"
        value={totals ? formatCount(totals.calls) : '…'}
        sub={totals ? `${formatCount(totals.errors)} errors` : undefined}
      />
      <Stat
        label={reseller ? 'Billed to your callers' : 'Spent this month'}
        value={totals ? formatUsd(reseller ? totals.customer_price_usd : totals.resale_usd) : '…'}
        sub={reseller ? undefined : owed}
      />
      {reseller ? (
        <Stat label="Your margin" value={totals ? formatUsd(totals.reseller_margin_usd) : '…'} sub={owed} />
      ) : (
        <Stat
          label="Plan"
          value={me ? (me.plan?.name ?? 'No plan') : '…'}
          sub={me?.plan ? `${planFee(me.plan)} / month` : 'Catalog prices'}
        />
      )}
      <Stat
        label="Account"
        value={me ? (me.tenant.status === 'active' ? 'Active' : 'Suspended') : '…'}
        sub={me ? (reseller ? 'Reseller account' : 'Direct account') : undefined}
      />
    </div>
  );
}
