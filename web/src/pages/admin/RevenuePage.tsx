/** Revenue and margins per tenant, endpoint or UTC day: wholesale cost, resale revenue, customer price, both margins; plan fees beside. */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { adminApi, type RevenueGroupBy } from '../../api/admin-api';
import type { RevenueMeterLineView, RevenueRowView } from '../../api/openapi.generated';
import { BarsChart, CHART_COLORS, type ChartRow } from '../../components/Charts';
import { DataTable } from '../../components/DataTable';
import { meterLinesDetail } from '../../components/MeterLines';
import { ReportPeriodPicker, useReportPeriod } from '../../components/ReportPeriod';
import { Card, EmptyState, ErrorNotice, Loading, PageHeader, Segmented, Stat } from '../../components/ui';
import { billingUnitOfSlug } from '../../lib/billing-units';
import { dayLabel, formatCount, formatDate, utcDays } from '../../lib/format';
import { formatUsd, usdToChartNumber } from '../../lib/money';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useTenantNames } from './usePlanNames';

export function RevenuePage() {
  useDocumentTitle('Revenue');
  const [params, setParams] = useSearchParams();
  const groupBy = (params.get('by') as RevenueGroupBy | null) ?? 'day';
  const period = useReportPeriod();
  const report = useQuery({
    queryKey: ['admin', 'revenue', groupBy, period.range.from, period.range.to],
    queryFn: () => adminApi.revenue({ group_by: groupBy, from: period.range.from, to: period.range.to }),
    placeholderData: keepPreviousData,
  });
  const nameOf = useTenantNames(report.data?.data.map((row) => row.key) ?? [], groupBy === 'tenant');
  // A day as the console's usage page shows it ("24 Nov 2026"), not the API's key.
  const label = (row: RevenueRowView) =>
    groupBy === 'tenant' ? nameOf(row.key) : groupBy === 'day' && row.key ? formatDate(row.key) : (row.key ?? '—');
  const chartRow = (row: Pick<RevenueRowView, 'resale_usd' | 'wholesale_usd'>, text: string): ChartRow => ({
    label: text,
    resale: usdToChartNumber(row.resale_usd),
    wholesale: usdToChartNumber(row.wholesale_usd),
    resaleExact: formatUsd(row.resale_usd),
    wholesaleExact: formatUsd(row.wholesale_usd),
  });
  const data = report.data?.data ?? [];
  const none = { resale_usd: '0', wholesale_usd: '0' };
  // Per day, every day of the period is a column, those without calls too.
  const rows: ChartRow[] =
    groupBy === 'day' && report.data
      ? utcDays(report.data.period.from, report.data.period.to).map((day) =>
          chartRow(data.find((row) => row.key === day) ?? none, dayLabel(day)),
        )
      : data.map((row) => chartRow(row, label(row)));
  const totals = report.data?.totals;
  const dimension = groupBy === 'day' ? 'day' : groupBy === 'slug' ? 'endpoint' : 'tenant';

  return (
    <>
      <PageHeader
        title="Revenue and margin"
        description={`For ${period.range.label}: exact sums of the audit trail, from the daily rollups.`}
      />
      <div className="stack">
        <div className="row-between">
          <Segmented
            label="Group by"
            value={groupBy}
            onChange={(value) => setParams((current) => ({ ...Object.fromEntries(current), by: value }), { replace: true })}
            options={[
              { value: 'day', label: 'Per day' },
              { value: 'slug', label: 'Per endpoint' },
              { value: 'tenant', label: 'Per tenant' },
            ]}
          />
          <ReportPeriodPicker period={period} />
        </div>
        {totals && (
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
        )}
        {report.isPending ? (
          <Loading />
        ) : report.isError ? (
          <ErrorNotice error={report.error} onRetry={() => void report.refetch()} />
        ) : report.data.data.length === 0 ? (
          <div className="card">
            <EmptyState title="No calls in this period" />
          </div>
        ) : (
          <>
            <Card title={`Revenue and cost per ${dimension}`}>
              <BarsChart
                rows={rows}
                horizontal={groupBy !== 'day'}
                summary={`Resale revenue and wholesale cost per ${dimension}; the table below lists every figure.`}
                series={[
                  { key: 'resale', label: 'Resale revenue', color: CHART_COLORS.brand, exact: (r) => String(r.resaleExact) },
                  { key: 'wholesale', label: 'Wholesale cost', color: CHART_COLORS.amber, exact: (r) => String(r.wholesaleExact) },
                ]}
              />
            </Card>
            <Card title={`Per ${dimension}`} flush>
              <DataTable<RevenueRowView>
                caption={`Revenue per ${dimension}`}
                rows={report.data.data}
                rowKey={(row) => row.key ?? 'none'}
                footer
                // Per endpoint: each endpoint's lines per meter (input and output tokens, …) under it.
                detail={
                  groupBy === 'slug'
                    ? meterLinesDetail<RevenueRowView, RevenueMeterLineView>(
                        (row) => `Revenue of ${row.key ?? 'no endpoint'} per meter`,
                        (row) => billingUnitOfSlug(row.key),
                        [
                          { header: 'Wholesale', amount: (m) => m.wholesale_usd },
                          { header: 'Resale', amount: (m) => m.resale_usd },
                          { header: 'Customer price', amount: (m) => m.customer_price_usd },
                          { header: 'Your margin', amount: (m) => m.operator_margin_usd },
                        ],
                      )
                    : undefined
                }
                columns={[
                  {
                    header: dimension[0].toUpperCase() + dimension.slice(1),
                    primary: true,
                    cell: (row) =>
                      groupBy === 'tenant' && row.key ? (
                        <Link to={`/admin/tenants/${row.key}`}>{label(row)}</Link>
                      ) : (
                        <span className={groupBy === 'slug' ? 'mono' : undefined}>{label(row)}</span>
                      ),
                    footer: 'Total',
                  },
                  { header: 'Calls', numeric: true, cell: (row) => formatCount(row.calls), footer: totals && formatCount(totals.calls) },
                  { header: 'Errors', numeric: true, cell: (row) => formatCount(row.errors), footer: totals && formatCount(totals.errors) },
                  {
                    header: 'Wholesale',
                    numeric: true,
                    cell: (row) => formatUsd(row.wholesale_usd),
                    footer: totals && formatUsd(totals.wholesale_usd),
                  },
                  {
                    header: 'Resale',
                    numeric: true,
                    cell: (row) => formatUsd(row.resale_usd),
                    footer: totals && formatUsd(totals.resale_usd),
                  },
                  // Plan fees are the tenants': a column of the report per tenant (the totals carry them whatever the grouping).
                  ...(groupBy === 'tenant'
                    ? [
                        {
                          header: 'Plan fee',
                          numeric: true,
                          cell: (row: RevenueRowView) => formatUsd(row.plan_fee_usd ?? '0'),
                          footer: totals && formatUsd(totals.plan_fee_usd ?? '0'),
                        },
                        {
                          header: 'Total revenue',
                          numeric: true,
                          cell: (row: RevenueRowView) => formatUsd(row.total_revenue_usd ?? row.resale_usd),
                          footer: totals && formatUsd(totals.total_revenue_usd ?? totals.resale_usd),
                        },
                      ]
                    : []),
                  {
                    header: 'Customer price',
                    numeric: true,
                    cell: (row) => formatUsd(row.customer_price_usd),
                    footer: totals && formatUsd(totals.customer_price_usd),
                  },
                  {
                    header: 'Your margin',
                    numeric: true,
                    cell: (row) => formatUsd(row.operator_margin_usd),
                    footer: totals && formatUsd(totals.operator_margin_usd),
                  },
                  {
                    header: "Resellers' margin",
                    numeric: true,
                    cell: (row) => formatUsd(row.reseller_margin_usd),
                    footer: totals && formatUsd(totals.reseller_margin_usd),
                  },
                ]}
              />
            </Card>
          </>
        )}
      </div>
    </>
  );
}
