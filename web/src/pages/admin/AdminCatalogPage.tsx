/** The whole catalog as stored: prices (wholesale and resale), limits, latency, upstreams, enabled; and the model aliases naming its prices. */
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { adminApi } from '../../api/admin-api';
import type { CatalogEntryView } from '../../api/openapi.generated';
import { DataTable } from '../../components/DataTable';
import { Badge, EmptyState, ErrorNotice, Loading, PageHeader, TextField } from '../../components/ui';
import { formatCount, formatMs } from '../../lib/format';
import { MeterPriceList } from './MeterPriceList';
import { ModelAliasesCard } from './ModelAliasesCard';
import { useDocumentTitle } from '../../lib/use-document-title';

export function AdminCatalogPage() {
  useDocumentTitle('Catalog');
  const catalog = useQuery({ queryKey: ['admin', 'catalog'], queryFn: adminApi.catalog.list });
  const [search, setSearch] = useState('');
  const shown = useMemo(
    () => (catalog.data?.data ?? []).filter((e) => e.slug.includes(search.trim().toLowerCase())),
    [catalog.data, search],
  );
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
        <div className="card card-flush">
          <div className="filters">
            <TextField
              label="Find a slug"
              type="search"
              value={search}
              onChange={(e) => setSearch(e.target.value)}
              placeholder="e.g. text."
            />
          </div>
          {catalog.isPending ? (
            <Loading />
          ) : catalog.isError ? (
            <div className="card-body">
              <ErrorNotice error={catalog.error} onRetry={() => void catalog.refetch()} />
            </div>
          ) : (
            <DataTable<CatalogEntryView>
              caption="Catalog endpoints"
              rows={shown}
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
                {
                  header: 'Resale',
                  numeric: true,
                  cell: (e) => <MeterPriceList unit={e.billing_unit} prices={e.prices} side="resale" />,
                },
                {
                  header: 'Limit / window',
                  numeric: true,
                  cell: (e) =>
                    e.endpoint_rate_limit !== null ? (
                      <strong data-testid="endpoint-limit">{formatCount(e.endpoint_rate_limit)}</strong>
                    ) : (
                      <span className="faint">{formatCount(e.default_rate_limit)} (default)</span>
                    ),
                },
                { header: 'Declared latency', numeric: true, cell: (e) => formatMs(e.declared_latency_ms) },
                {
                  header: 'Upstreams',
                  numeric: true,
                  cell: (e) => `${e.upstreams.filter((u) => u.enabled).length} of ${e.upstreams.length}`,
                },
                { header: 'State', cell: (e) => (e.enabled ? <Badge tone="ok">enabled</Badge> : <Badge tone="danger">disabled</Badge>) },
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
          )}
        </div>
        <ModelAliasesCard />
      </div>
    </>
  );
}
