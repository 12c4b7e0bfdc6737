/** The public catalog's endpoints: slug and description, category, unit, price, declared and measured latency, streaming. */
import type { PublicEndpointView } from '@unified-api-gateway/sdk';
import { Link } from 'react-router';
import { DataTable } from '../../../components/DataTable';
import { Badge, EmptyState } from '../../../components/ui';
import { categoryLabel } from '../../../lib/categories';
import { formatMs } from '../../../lib/format';
import { EndpointPrice } from './EndpointPrice';

export function PublicCatalogTable({ shown, total }: { shown: PublicEndpointView[]; total: number }) {
  return (
    <DataTable<PublicEndpointView>
      caption="Catalog endpoints"
      rows={shown}
      rowKey={(e) => e.slug}
      empty={
        <EmptyState title={total ? 'No endpoint matches' : 'The catalog is empty'}>
          {total ? 'Try another word or category.' : 'The operator has not enabled any endpoint yet.'}
        </EmptyState>
      }
      columns={[
        {
          header: 'Endpoint',
          primary: true,
          cell: (e) => (
            <>
              <Link className="cell-title mono" to={`/catalog/${e.slug}`}>
                {e.slug}
              </Link>
              <span className="cell-sub">{e.description}</span>
            </>
          ),
        },
        { header: 'Category', cell: (e) => <Badge tone="info">{categoryLabel(e.category)}</Badge> },
        {
          header: 'Unit',
          cell: (e) => <span className="nowrap">{e.price_usd_per_unit === null ? 'per meter' : `per ${e.billing_unit_label}`}</span>,
        },
        { header: 'Price', numeric: true, cell: (e) => <EndpointPrice entry={e} /> },
        { header: 'Declared latency', numeric: true, cell: (e) => formatMs(e.declared_latency_ms) },
        {
          header: 'Measured p50',
          numeric: true,
          cell: (e) => (e.measured_p50_ms === null ? <span className="faint">no calls yet</span> : formatMs(e.measured_p50_ms)),
        },
        { header: 'Streaming', cell: (e) => (e.streamable ? <Badge tone="ok">SSE</Badge> : <span className="faint">—</span>) },
      ]}
    />
  );
}
