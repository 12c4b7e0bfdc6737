/** The chart of a key's days (recharts): its own chunk, loaded by KeyUsageCard only. */
import type { KeyUsageDayView } from '@unified-api-gateway/sdk';
import { BarsChart, CHART_COLORS } from '../../../components/Charts';
import { dayLabel } from '../../../lib/format';
import { formatUsd, usdToChartNumber } from '../../../lib/money';

export default function KeyUsageChart({ days, billed }: { days: KeyUsageDayView[]; billed: 'customer_price_usd' | 'resale_usd' }) {
  const rows = days.map((d) => ({
    label: dayLabel(d.day),
    calls: d.calls,
    billed: usdToChartNumber(d[billed]),
    billedExact: formatUsd(d[billed]),
  }));
  return (
    <div className="grid-2">
      <BarsChart
        rows={rows}
        money={false}
        height={200}
        series={[{ key: 'calls', label: 'Calls', color: CHART_COLORS.brand }]}
        summary="Calls per day over the last 30 days; the total is above."
      />
      <BarsChart
        rows={rows}
        height={200}
        series={[{ key: 'billed', label: 'Billed', color: CHART_COLORS.teal, exact: (row) => String(row.billedExact) }]}
        summary="Billed amount per day over the last 30 days; the total is above."
      />
    </div>
  );
}
