/**
 * What the usage and revenue reports share: the toolbar (group by, period), and the body: the chart
 * of the period, then the table with every exact figure (per endpoint, each row's lines per meter).
 */
import type { ReactNode } from 'react';
import { DataTable, type Column } from '../../../components/DataTable';
import { ReportPeriodPicker, useReportPeriod } from '../../../components/ReportPeriod';
import { Card, EmptyState, ErrorNotice, Loading, Segmented } from '../../../components/ui';
import { useUrlFilters } from '../../../components/use-url-filters';

/** The report's grouping, in the address bar (?by=); `allowed` decides whether the requested one may be shown. */
export function useGroupBy<G extends string>(fallback: G, allowed: (requested: G) => boolean = () => true) {
  const filters = useUrlFilters();
  const requested = (filters.get('by') || fallback) as G;
  return { groupBy: allowed(requested) ? requested : fallback, set: (value: G) => filters.set('by', value) };
}

/** Group by day, by endpoint, or by who called (`by`: tenant or customer, where offered); and the period. */
export function ReportToolbar<G extends string>({
  groupBy,
  onChange,
  by,
  period,
}: {
  groupBy: G;
  onChange: (value: G) => void;
  by?: { value: G; label: string };
  period: ReturnType<typeof useReportPeriod>;
}) {
  const options = [{ value: 'day' as G, label: 'Per day' }, { value: 'slug' as G, label: 'Per endpoint' }, ...(by ? [by] : [])];
  return (
    <div className="row-between">
      <Segmented label="Group by" value={groupBy} onChange={onChange} options={options} />
      <ReportPeriodPicker period={period} />
    </div>
  );
}

/** The first column of a report's table: what the row is (a day, an endpoint, a tenant or a customer), "Total" in the footer. */
export function dimensionColumn<R>(dimension: string, cell: (row: R) => ReactNode): Column<R> {
  return { header: dimension[0].toUpperCase() + dimension.slice(1), primary: true, cell, footer: 'Total' };
}

export function ReportBody<R extends { key: string | null }>({
  report,
  loadingLabel,
  empty,
  chartTitle,
  chart,
  dimension,
  caption,
  columns,
  detail,
}: {
  report: { isPending: boolean; isError: boolean; error: unknown; refetch: () => unknown; data?: { data: R[] } };
  loadingLabel?: string;
  /** Said under "No calls in this period". */
  empty?: ReactNode;
  chartTitle: string;
  chart: ReactNode;
  dimension: string;
  caption: string;
  columns: Column<R>[];
  detail?: (row: R) => ReactNode;
}) {
  if (report.isPending) return <Loading label={loadingLabel} />;
  if (report.isError || !report.data) return <ErrorNotice error={report.error} onRetry={() => void report.refetch()} />;
  if (report.data.data.length === 0) {
    return (
      <div className="card">
        <EmptyState title="No calls in this period" headingLevel={2}>
          {empty}
        </EmptyState>
      </div>
    );
  }
  return (
    <>
      <Card title={chartTitle}>{chart}</Card>
      <Card title={`Per ${dimension}`} flush>
        <DataTable<R>
          caption={caption}
          rows={report.data.data}
          rowKey={(row) => row.key ?? 'none'}
          footer
          detail={detail}
          columns={columns}
        />
      </Card>
    </>
  );
}
