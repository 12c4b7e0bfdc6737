/** The whole catalog as stored: prices (wholesale and resale), limits, latency, upstreams, enabled; and the model aliases naming its prices. */
import { useState } from 'react';
import { Link } from 'react-router';
import type { CatalogEntryView } from '@unified-api-gateway/sdk';
import { answerRows, ResourceList } from '../../../components/ResourceList';
import { EmptyState, EnabledBadge, PageHeader, TextField } from '../../../components/ui';
import { formatCount, formatMs } from '../../../lib/format';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { ModelAliasesCard } from '../../model-aliases/components/ModelAliasesCard';
import { MeterPriceList } from '../components/MeterPriceList';
import { useCatalog } from '../queries';
import { useWindowText } from '../../limits/limit-text';

export function AdminCatalogPage() {
  useDocumentTitle('Catalog');
  const catalog = useCatalog();
  const windowText = useWindowText();
  const [search, setSearch] = useState('');
  const shown = (catalog.data?.data ?? []).filter((e) => e.slug.includes(search.trim().toLowerCase()));
  return (
    <>
      <PageHeader
        title="Catalog"
        description="Every endpoint as stored. Changes to prices, limits and upstreams apply on every gateway process at once."
        actions={
          <Link className="btn btn-primary" to="/admin/catalog/new">
            New endpoint
          </Link>
        }
      />
      <div className="stack">
        <ResourceList<CatalogEntryView>
          filters={
            <div className="filters">
              <TextField
                label="Find a slug"
                type="search"
                value={search}
                onChange={(e) => setSearch(e.target.value)}
                placeholder="e.g. text."
              />
            </div>
          }
          list={answerRows(catalog, shown)}
          caption="Catalog endpoints"
          rowKey={(e) => e.slug}
          empty={<EmptyState title="No endpoint matches" />}
          columns={[
            {
              header: 'Endpoint',
              primary: true,
              cell: (e) => (
                <>
                  <Link className="cell-title mono" to={`/admin/catalog/${e.slug}`}>
                    {e.slug}
                  </Link>
                  <span className="cell-sub">per {e.billing_unit_label}</span>
                </>
              ),
            },
            {
              header: 'Wholesale',
              numeric: true,
              cell: (e) => <MeterPriceList unit={e.billing_unit} prices={e.prices} side="wholesale" />,
            },
            { header: 'Resale', numeric: true, cell: (e) => <MeterPriceList unit={e.billing_unit} prices={e.prices} side="resale" /> },
            {
              header: 'Limit per key',
              numeric: true,
              cell: (e) => (
                <>
                  {e.endpoint_rate_limit !== null ? (
                    <strong data-testid="endpoint-limit">{formatCount(e.endpoint_rate_limit)}</strong>
                  ) : (
                    <span className="faint">{formatCount(e.default_rate_limit)} (default)</span>
                  )}
                  <span className="cell-sub">{windowText}</span>
                </>
              ),
            },
            { header: 'Declared latency', numeric: true, cell: (e) => formatMs(e.declared_latency_ms) },
            { header: 'Upstreams', numeric: true, cell: (e) => `${e.upstreams.filter((u) => u.enabled).length} of ${e.upstreams.length}` },
            { header: 'State', cell: (e) => <EnabledBadge enabled={e.enabled} /> },
            {
              header: 'Actions',
              actions: true,
              cell: (e) => (
                <Link className="btn btn-sm" to={`/admin/catalog/${e.slug}`} aria-label={`Manage ${e.slug}`}>
                  Manage
                </Link>
              ),
            },
          ]}
        />
        <ModelAliasesCard />
      </div>
    </>
  );
}
