/** Usage and spend per UTC day, per endpoint and (for resellers) per customer, charted and tabled exactly. */
import type { UsageMeterLineView, UsageRowView } from '@unified-api-gateway/sdk';
import { BarsChart, CHART_COLORS, type ChartSeries } from '../../../components/Charts';
import { countColumn, moneyColumn } from '../../../components/columns';
import { DownloadCsv } from '../../../components/DownloadCsv';
import { meterLinesDetail } from '../../../components/MeterLines';
import { useReportPeriod } from '../../../components/ReportPeriod';
import { PageHeader } from '../../../components/ui';
import { billingUnitOfSlug } from '../../../lib/billing-units';
import { formatDate } from '../../../lib/format';
import { formatUsd, usdToChartNumber } from '../../../lib/money';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useIsReseller } from '../../account/queries';
import { useCustomerNames } from '../../customers/queries';
import { meterMoney, moneyColumns } from '../../statements/statement-figures';
import { chartRows } from '../chart-rows';
import { dimensionColumn, ReportBody, ReportToolbar, useGroupBy } from '../components/ReportLayout';
import { usageCsvUrl, useUsage, type UsageGroupBy } from '../queries';

const none = (day: string): UsageRowView => ({
  key: day,
  calls: 0,
  errors: 0,
  quantity: '0',
  customer_price_usd: '0',
  resale_usd: '0',
  reseller_margin_usd: '0',
});

export function UsagePage() {
  useDocumentTitle('Usage');
  const reseller = useIsReseller();
  const { groupBy, set } = useGroupBy<UsageGroupBy>('day', (by) => by !== 'customer' || reseller);
  const period = useReportPeriod();
  const report = useUsage(groupBy, period.range);
  const customerName = useCustomerNames(report.data?.data.map((row) => row.key) ?? [], reseller && groupBy === 'customer');
  // Days read as everywhere else on the pages (24 Nov 2026), not as the API's ISO keys.
  const label = (row: UsageRowView) =>
    groupBy === 'customer' ? customerName(row.key) : groupBy === 'day' && row.key ? formatDate(row.key) : (row.key ?? '—');
  const rows = chartRows(
    groupBy === 'day',
    report.data,
    (row, text) => ({
      label: text,
      spend: usdToChartNumber(reseller ? row.customer_price_usd : row.resale_usd),
      cost: usdToChartNumber(row.resale_usd),
      billedExact: formatUsd(row.customer_price_usd),
      costExact: formatUsd(row.resale_usd),
    }),
    label,
    none,
  );
  const series: ChartSeries[] = reseller
    ? [
        { key: 'spend', label: 'Billed to callers', color: CHART_COLORS.brand, exact: (r) => String(r.billedExact) },
        { key: 'cost', label: 'You owe', color: CHART_COLORS.teal, exact: (r) => String(r.costExact) },
      ]
    : [{ key: 'spend', label: 'Spend', color: CHART_COLORS.brand, exact: (r) => String(r.costExact) }];
  const dimension = groupBy === 'day' ? 'day' : groupBy === 'slug' ? 'endpoint' : 'customer';
  const totals = report.data?.totals;

  return (
    <>
      <PageHeader
        title="Usage"
        description={`Calls and spend for ${period.range.label}. The figures are exact sums of the audit trail.`}
        actions={<DownloadCsv href={usageCsvUrl(groupBy, period.range)} what={`the usage per ${dimension}`} />}
      />
      <div className="stack">
        <ReportToolbar
          groupBy={groupBy}
          onChange={set}
          period={period}
          by={reseller ? { value: 'customer', label: 'Per customer' } : undefined}
        />
        <ReportBody<UsageRowView>
          report={report}
          loadingLabel="Loading usage…"
          empty="Usage shows up here once your keys make calls."
          chartTitle={`Spend per ${dimension}`}
          chart={
            <BarsChart
              rows={rows}
              series={series}
              horizontal={groupBy !== 'day'}
              summary={`Spend per ${dimension} for ${period.range.label}; the table below lists every figure.`}
            />
          }
          dimension={dimension}
          caption={`Usage per ${dimension}`}
          // Per endpoint: each endpoint's lines per meter (input and output tokens, …) under it.
          detail={
            groupBy === 'slug'
              ? meterLinesDetail<UsageRowView, UsageMeterLineView>(
                  (row) => `Usage of ${row.key ?? 'no endpoint'} per meter`,
                  (row) => billingUnitOfSlug(row.key),
                  reseller ? meterMoney<UsageMeterLineView>(true) : [{ header: 'Spend', amount: (m) => m.resale_usd }],
                )
              : undefined
          }
          columns={[
            dimensionColumn<UsageRowView>(dimension, (row) => (
              <span className={groupBy === 'slug' ? 'mono' : undefined}>{label(row)}</span>
            )),
            countColumn<UsageRowView>('Calls', (row) => row.calls, totals?.calls),
            countColumn<UsageRowView>('Errors', (row) => row.errors, totals?.errors),
            ...(reseller
              ? moneyColumns<UsageRowView>(true, (row) => row, totals)
              : [moneyColumn<UsageRowView>('Spend', (row) => row.resale_usd, totals?.resale_usd)]),
          ]}
        />
      </div>
    </>
  );
}
