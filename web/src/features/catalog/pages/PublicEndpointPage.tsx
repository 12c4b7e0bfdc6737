/** One endpoint of the public catalog (/catalog/<slug>): what it does, its price, its request fields and an example call. */
import { useParams } from 'react-router';
import { Badge, Card, Details, ErrorNotice, Loading, PageHeader } from '../../../components/ui';
import { categoryLabel } from '../../../lib/categories';
import { formatMs } from '../../../lib/format';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { NotFoundPage } from '../../site/pages/NotFoundPage';
import { EndpointPrice } from '../components/EndpointPrice';
import { EndpointRequestCard } from '../components/EndpointRequestCard';
import { usePublicCatalog } from '../public-queries';

export function PublicEndpointPage() {
  const { slug = '' } = useParams();
  const catalog = usePublicCatalog();
  const entry = catalog.data?.data.find((e) => e.slug === slug);
  useDocumentTitle(entry ? entry.slug : catalog.isPending ? 'Catalog' : 'Page not found');
  if (catalog.isPending) return <Loading label="Loading the endpoint…" />;
  if (catalog.isError) return <ErrorNotice error={catalog.error} onRetry={() => void catalog.refetch()} />;
  if (!entry) return <NotFoundPage />;
  return (
    <>
      <PageHeader
        title={<span className="mono">{entry.slug}</span>}
        description={entry.description}
        breadcrumb={{ to: '/catalog', label: 'Catalog' }}
      />
      <div className="stack">
        <Card title="Price and unit">
          <Details
            items={[
              ['Category', <Badge tone="info">{categoryLabel(entry.category)}</Badge>],
              ['Unit', entry.price_usd_per_unit === null ? 'per meter' : `per ${entry.billing_unit_label}`],
              ['Price', <EndpointPrice entry={entry} />],
              ['Declared latency', formatMs(entry.declared_latency_ms)],
              ['Measured p50 (7 days)', entry.measured_p50_ms === null ? 'no calls yet' : formatMs(entry.measured_p50_ms)],
              ['Streaming', entry.streamable ? 'Server-Sent Events' : 'No'],
            ]}
          />
        </Card>
        <EndpointRequestCard entry={entry} />
      </div>
    </>
  );
}
