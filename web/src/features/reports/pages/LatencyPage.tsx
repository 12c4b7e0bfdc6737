/**
 * Declared against measured latency (p50, p95 of the last 7 UTC days) per endpoint. Endpoints with
 * no answered calls have nothing to compare: they are listed apart, one line each, so the page
 * stays short on a phone when most of the catalog is idle.
 */
import { Link } from 'react-router';
import type { EndpointLatencyView } from '@unified-api-gateway/sdk';
import { BarsChart, CHART_COLORS, type ChartRow } from '../../../components/Charts';
import { DataTable } from '../../../components/DataTable';
import { Badge, Card, EmptyState, ErrorNotice, Loading, PageHeader } from '../../../components/ui';
import { formatCount, formatMs } from '../../../lib/format';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useLatency } from '../operator-queries';

export function LatencyPage() {
  useDocumentTitle('Latency');
  const latency = useLatency();
  if (latency.isPending) return <Loading page />;
  if (latency.isError) return <ErrorNotice error={latency.error} onRetry={() => void latency.refetch()} />;
  const measured = latency.data.data.filter((row) => row.measured_p50_ms !== null);
  const idle = latency.data.data.filter((row) => row.measured_p50_ms === null);
  const measuredRows: ChartRow[] = measured.map((row) => ({
    label: row.slug,
    declared: row.declared_latency_ms,
    p50: row.measured_p50_ms ?? 0,
    p95: row.measured_p95_ms ?? 0,
  }));
  return (
    <>
      <PageHeader
        title="Latency"
        description="What the catalog declares against what answered calls measured over the last 7 UTC days. The website publishes the declared figure and the measured median."
      />
      <div className="stack">
        {measuredRows.length > 0 && (
          <Card title="Declared against measured, in ms">
            <BarsChart
              rows={measuredRows}
              horizontal
              money={false}
              summary="Declared, measured median and measured 95th percentile latency per endpoint, in milliseconds; the table below lists every figure."
              series={[
                { key: 'declared', label: 'Declared', color: CHART_COLORS.slate, exact: (r) => formatMs(Number(r.declared)) },
                { key: 'p50', label: 'Measured p50', color: CHART_COLORS.brand, exact: (r) => formatMs(Number(r.p50)) },
                { key: 'p95', label: 'Measured p95', color: CHART_COLORS.amber, exact: (r) => formatMs(Number(r.p95)) },
              ]}
            />
          </Card>
        )}
        <Card title="Measured, per endpoint" flush>
          <DataTable<EndpointLatencyView>
            caption="Measured latency per endpoint"
            rows={measured}
            rowKey={(row) => row.slug}
            empty={
              <EmptyState title="No answered calls in the last 7 days">
                Measured figures appear here once endpoints answer calls.
              </EmptyState>
            }
            columns={[
              {
                header: 'Endpoint',
                primary: true,
                cell: (row) => (
                  <Link className="mono" to={`/admin/catalog/${row.slug}`}>
                    {row.slug}
                  </Link>
                ),
              },
              { header: 'Declared', numeric: true, cell: (row) => formatMs(row.declared_latency_ms) },
              { header: 'p50', numeric: true, cell: (row) => formatMs(row.measured_p50_ms) },
              { header: 'p95', numeric: true, cell: (row) => formatMs(row.measured_p95_ms) },
              { header: 'Calls', numeric: true, cell: (row) => formatCount(row.sample_calls) },
              {
                header: 'Against declared',
                cell: (row) =>
                  row.measured_p50_ms !== null && row.measured_p50_ms > row.declared_latency_ms ? (
                    <Badge tone="warn">slower</Badge>
                  ) : (
                    <Badge tone="ok">within</Badge>
                  ),
              },
            ]}
          />
        </Card>
        {idle.length > 0 && (
          <Card
            title={`No calls in the last 7 days (${formatCount(idle.length)})`}
            description="Nothing measured to compare yet; each with the latency the catalog declares."
          >
            <ul className="compact-list" aria-label="Endpoints without calls">
              {idle.map((row) => (
                <li key={row.slug}>
                  <Link className="mono" to={`/admin/catalog/${row.slug}`}>
                    {row.slug}
                  </Link>
                  <span className="faint">declared {formatMs(row.declared_latency_ms)}</span>
                </li>
              ))}
            </ul>
          </Card>
        )}
      </div>
    </>
  );
}
