import type { RevenueMeterLineView, RevenueRowView } from '@unified-api-gateway/sdk';
import { meterLinesDetail } from '../../../components/MeterLines';
import { Stat } from '../../../components/ui';
import { billingUnitOfSlug } from '../../../lib/billing-units';
import { formatCount } from '../../../lib/format';
import { formatUsd } from '../../../lib/money';

/** The period's revenue at a glance: resale (and plan fees), wholesale cost, and both margins. */
export function RevenueTotals({ totals }: { totals: RevenueRowView }) {
  return (
    <div className="grid-4">
      <Stat
        label="Resale revenue"
        value={formatUsd(totals.resale_usd)}
        sub={`${formatCount(totals.calls)} calls · plan fees ${formatUsd(totals.plan_fee_usd ?? '0')} · with them ${formatUsd(totals.total_revenue_usd ?? totals.resale_usd)}`}
      />
      <Stat label="Wholesale cost" value={formatUsd(totals.wholesale_usd)} />
      <Stat label="Your margin" value={formatUsd(totals.operator_margin_usd)} sub="Resale − wholesale" />
      <Stat label="Resellers' margin" value={formatUsd(totals.reseller_margin_usd)} sub="Customer price − resale" />
    </div>
  );
}

/** Per endpoint: each endpoint's lines per meter (input and output tokens, …) under it, with the operator's figures. */
export const revenueMeterLines = meterLinesDetail<RevenueRowView, RevenueMeterLineView>(
  (row) => `Revenue of ${row.key ?? 'no endpoint'} per meter`,
  (row) => billingUnitOfSlug(row.key),
  [
    { header: 'Wholesale', amount: (m) => m.wholesale_usd },
    { header: 'Resale', amount: (m) => m.resale_usd },
    { header: 'Customer price', amount: (m) => m.customer_price_usd },
    { header: 'Your margin', amount: (m) => m.operator_margin_usd },
  ],
);
