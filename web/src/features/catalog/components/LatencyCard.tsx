/** An endpoint's declared latency against the answered calls of the last 7 UTC days. */
import type { CatalogEntryView } from '@unified-api-gateway/sdk';
import { Card, Details } from '../../../components/ui';
import { formatCount, formatMs } from '../../../lib/format';
import { useLatency } from '../../reports/operator-queries';

export function LatencyCard({ entry }: { entry: CatalogEntryView }) {
  const latency = useLatency();
  const measured = latency.data?.data.find((row) => row.slug === entry.slug);
  return (
    <Card title="Latency" description="Declared in the catalog, against the answered calls of the last 7 UTC days.">
      <Details
        items={[
          ['Declared', formatMs(entry.declared_latency_ms)],
          ['Measured p50', formatMs(measured?.measured_p50_ms)],
          ['Measured p95', formatMs(measured?.measured_p95_ms)],
          ['Sample', measured ? `${formatCount(measured.sample_calls)} calls` : '—'],
        ]}
      />
    </Card>
  );
}
