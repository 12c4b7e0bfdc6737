/** Usage and spend per UTC day, per endpoint and (for resellers) per customer, charted and tabled exactly. */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import type { UsageMeterLineView, UsageRowView } from '../../api/openapi.generated';
import { resellerApi, type UsageGroupBy } from '../../api/reseller-api';
import { BarsChart, CHART_COLORS, type ChartRow, type ChartSeries } from '../../components/Charts';
import { DataTable } from '../../components/DataTable';
import { meterLinesDetail } from '../../components/MeterLines';
import { ReportPeriodPicker, useReportPeriod } from '../../components/ReportPeriod';
import { Card, EmptyState, ErrorNotice, Loading, PageHeader, Segmented } from '../../components/ui';
import { billingUnitOfSlug } from '../../lib/billing-units';
import { dayLabel, formatCount, formatDate, utcDays } from '../../lib/format';
import { formatUsd, usdToChartNumber } from '../../lib/money';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useCustomerNames } from './useCustomerNames';

export function UsagePage() {
  useDocumentTitle('Usage');
  const me = useQuery({ queryKey: ['me'], queryFn: resellerApi.me });
  const reseller = me.data?.tenant.kind === 'reseller';
  const [params, setParams] = useSearchParams();
  const requested = (params.get('by') as UsageGroupBy | null) ?? 'day';
  const groupBy: UsageGroupBy = requested === 'customer' && !reseller ? 'day' : requested;
  const period = useReportPeriod();
  const report = useQuery({
    queryKey: ['usage', groupBy, period.range.from, period.range.to],
    queryFn: () => resellerApi.usage({ group_by: groupBy, from: period.range.from, to: period.range.to }),
    placeholderData: keepPreviousData,
  });
  const customerName = useCustomerNames(report.data?.data.map((row) => row.key) ?? [], reseller && groupBy === 'customer');

  // Days read as everywhere else on the pages (24 Nov 2026), not as the API's ISO keys.
  const label = (row: UsageRowView) =>
    groupBy === 'customer' ? customerName(row.key) : groupBy === 'day' && row.key ? formatDate(row.key) : (row.key ?? '—');
  const spent = (row: UsageRowView) => (reseller ? row.customer_price_usd : row.resale_usd);
  const chartRow = (row: UsageRowView, text: string): ChartRow => ({
    label: text,
    spend: usdToChartNumber(spent(row)),
    cost: usdToChartNumber(row.resale_usd),
    billedExact: formatUsd(row.customer_price_usd),
    costExact: formatUsd(row.resale_usd),
  });
  const data = report.data?.data ?? [];
  // Per day, every day of the period is a column, those without calls too.
  const rows: ChartRow[] =
    groupBy === 'day' && report.data
      ? utcDays(report.data.period.from, report.data.period.to).map((day) =>
          chartRow(data.find((row) => row.key === day) ?? emptyRow(day), dayLabel(day)),
        )
      : data.map((row) => chartRow(row, label(row)));
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
      <PageHeader title="Usage" description={`Calls and spend for ${period.range.label}. The figures are exact sums of the audit trail.`} />
      <div className="stack">
        <div className="row-between">
          <Segmented
            label="Group by"
            value={groupBy}
            onChange={(value) => setParams((current) => ({ ...Object.fromEntries(current), by: value }), { replace: true })}
            options={[
              { value: 'day', label: 'Per day' },
              { value: 'slug', label: 'Per endpoint' },
              ...(reseller ? [{ value: 'customer' as const, label: 'Per customer' }] : []),
            ]}
          />
          <ReportPeriodPicker period={period} />
        </div>
        {report.isPending ? (
          <Loading label="Loading usage…" />
        ) : report.isError ? (
          <ErrorNotice error={report.error} onRetry={() => void report.refetch()} />
        ) : report.data.data.length === 0 ? (
          <div className="card">
            <EmptyState title="No calls in this period">Usage shows up here once your keys make calls.</EmptyState>
          </div>
        ) : (
          <>
            <Card title={`Spend per ${dimension}`}>
              <BarsChart
                rows={rows}
                series={series}
                horizontal={groupBy !== 'day'}
                summary={`Spend per ${dimension} for ${period.range.label}; the table below lists every figure.`}
              />
            </Card>
            <Card title={`Per ${dimension}`} flush>
              <DataTable<UsageRowView>
                caption={`Usage per ${dimension}`}
                rows={report.data.data}
                rowKey={(row) => row.key ?? 'none'}
                footer
                // Per endpoint: each endpoint's lines per meter (input and output tokens, …) under it.
                detail={
                  groupBy === 'slug'
                    ? meterLinesDetail<UsageRowView, UsageMeterLineView>(
                        (row) => `Usage of ${row.key ?? 'no endpoint'} per meter`,
                        (row) => billingUnitOfSlug(row.key),
                        reseller
                          ? [
                              { header: 'Billed', amount: (m) => m.customer_price_usd },
                              { header: 'You owe', amount: (m) => m.resale_usd },
                              { header: 'Margin', amount: (m) => m.reseller_margin_usd },
                            ]
                          : [{ header: 'Spend', amount: (m) => m.resale_usd }],
                      )
                    : undefined
                }
                columns={[
                  {
                    header: dimension[0].toUpperCase() + dimension.slice(1),
                    primary: true,
                    cell: (row) => <span className={groupBy === 'slug' ? 'mono' : undefined}>{label(row)}</span>,
                    footer: 'Total',
                  },
                  { header: 'Calls', numeric: true, cell: (row) => formatCount(row.calls), footer: totals && formatCount(totals.calls) },
                  { header: 'Errors', numeric: true, cell: (row) => formatCount(row.errors), footer: totals && formatCount(totals.errors) },
                  ...(reseller
                    ? [
                        {
                          header: 'Billed',
                          numeric: true,
                          cell: (row: UsageRowView) => formatUsd(row.customer_price_usd),
                          footer: totals && formatUsd(totals.customer_price_usd),
                        },
                        {
                          header: 'You owe',
                          numeric: true,
                          cell: (row: UsageRowView) => formatUsd(row.resale_usd),
                          footer: totals && formatUsd(totals.resale_usd),
                        },
                        {
                          header: 'Margin',
                          numeric: true,
                          cell: (row: UsageRowView) => formatUsd(row.reseller_margin_usd),
                          footer: totals && formatUsd(totals.reseller_margin_usd),
                        },
                      ]
                    : [
                        {
                          header: 'Spend',
                          numeric: true,
                          cell: (row: UsageRowView) => formatUsd(row.resale_usd),
                          footer: totals && formatUsd(totals.resale_usd),
                        },
                      ]),
                ]}
              />
            </Card>
          </>
        )}
      </div>
    </>
  );
}

function emptyRow(day: string): UsageRowView {
  return {
    key: day,
    calls: 0,
    errors: 0,
    quantity: '0',
    customer_price_usd: '0',
    resale_usd: '0',
    reseller_margin_usd: '0',
  };
}
