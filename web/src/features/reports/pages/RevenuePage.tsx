/** Revenue and margins per tenant, endpoint or UTC day: wholesale cost, resale revenue, customer price, both margins; plan fees beside. */
import { Link } from 'react-router';
import type { RevenueRowView } from '@unified-api-gateway/sdk';
import { BarsChart, CHART_COLORS } from '../../../components/Charts';
import { countColumn, moneyColumn } from '../../../components/columns';
import { useReportPeriod } from '../../../components/ReportPeriod';
import { DownloadCsv } from '../../../components/DownloadCsv';
import { PageHeader } from '../../../components/ui';
import { formatDate } from '../../../lib/format';
import { formatUsd, usdToChartNumber } from '../../../lib/money';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useTenantNames } from '../../tenants/queries';
import { chartRows } from '../chart-rows';
import { dimensionColumn, ReportBody, ReportToolbar, useGroupBy } from '../components/ReportLayout';
import { revenueMeterLines, RevenueTotals } from '../components/RevenueTotals';
import { revenueCsvUrl, useRevenue, type RevenueGroupBy } from '../operator-queries';

type Row = RevenueRowView;
const none = (day: string) => ({ key: day, resale_usd: '0', wholesale_usd: '0' }) as Row;

export function RevenuePage() {
  useDocumentTitle('Revenue');
  const { groupBy, set } = useGroupBy<RevenueGroupBy>('day');
  const period = useReportPeriod();
  const report = useRevenue(groupBy, period.range);
  const nameOf = useTenantNames(report.data?.data.map((row) => row.key) ?? [], groupBy === 'tenant');
  // A day as the console's usage page shows it ("24 Nov 2026"), not the API's key.
  const label = (row: Row) =>
    groupBy === 'tenant' ? nameOf(row.key) : groupBy === 'day' && row.key ? formatDate(row.key) : (row.key ?? '—');
  const rows = chartRows(
    groupBy === 'day',
    report.data,
    (row, text) => ({
      label: text,
      resale: usdToChartNumber(row.resale_usd),
      wholesale: usdToChartNumber(row.wholesale_usd),
      resaleExact: formatUsd(row.resale_usd),
      wholesaleExact: formatUsd(row.wholesale_usd),
    }),
    label,
    none,
  );
  const totals = report.data?.totals;
  const dimension = groupBy === 'day' ? 'day' : groupBy === 'slug' ? 'endpoint' : 'tenant';
  const money = (header: string, amount: (row: Row) => string) => moneyColumn<Row>(header, amount, totals && amount(totals));

  return (
    <>
      <PageHeader
        title="Revenue and margin"
        description={`For ${period.range.label}: exact sums of the audit trail, from the daily rollups.`}
        actions={<DownloadCsv href={revenueCsvUrl(groupBy, period.range)} what={`the revenue per ${groupBy}`} />}
      />
      <div className="stack">
        <ReportToolbar groupBy={groupBy} onChange={set} period={period} by={{ value: 'tenant', label: 'Per tenant' }} />
        {totals && <RevenueTotals totals={totals} />}
        <ReportBody<Row>
          report={report}
          chartTitle={`Revenue and cost per ${dimension}`}
          chart={
            <BarsChart
              rows={rows}
              horizontal={groupBy !== 'day'}
              summary={`Resale revenue and wholesale cost per ${dimension}; the table below lists every figure.`}
              series={[
                { key: 'resale', label: 'Resale revenue', color: CHART_COLORS.brand, exact: (r) => String(r.resaleExact) },
                { key: 'wholesale', label: 'Wholesale cost', color: CHART_COLORS.amber, exact: (r) => String(r.wholesaleExact) },
              ]}
            />
          }
          dimension={dimension}
          caption={`Revenue per ${dimension}`}
          detail={groupBy === 'slug' ? revenueMeterLines : undefined}
          columns={[
            dimensionColumn<Row>(dimension, (row) =>
              groupBy === 'tenant' && row.key ? (
                <Link to={`/admin/tenants/${row.key}`}>{label(row)}</Link>
              ) : (
                <span className={groupBy === 'slug' ? 'mono' : undefined}>{label(row)}</span>
              ),
            ),
            countColumn<Row>('Calls', (row) => row.calls, totals?.calls),
            countColumn<Row>('Errors', (row) => row.errors, totals?.errors),
            money('Wholesale', (row) => row.wholesale_usd),
            money('Resale', (row) => row.resale_usd),
            // Plan fees are the tenants': a column of the report per tenant (the totals carry them whatever the grouping).
            ...(groupBy === 'tenant'
              ? [
                  money('Plan fee', (row) => row.plan_fee_usd ?? '0'),
                  money('Total revenue', (row) => row.total_revenue_usd ?? row.resale_usd),
                ]
              : []),
            money('Customer price', (row) => row.customer_price_usd),
            money('Your margin', (row) => row.operator_margin_usd),
            money("Resellers' margin", (row) => row.reseller_margin_usd),
          ]}
        />
      </div>
    </>
  );
}
