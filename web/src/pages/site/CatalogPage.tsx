/**
 * The public catalog: every endpoint with its price and latency, searchable, filtered by category.
 * A price in the endpoint's billing unit reads as it always did (the amount, its unit beside it);
 * a price per meter reads one line per meter at a readable scale ($0.15 / 1M input tokens); an
 * endpoint's models are listed with their own prices.
 */
import { useQuery } from '@tanstack/react-query';
import { useId, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { PublicEndpointView, PublicMeterPriceView } from '../../api/openapi.generated';
import { publicApi } from '../../api/public-api';
import { DataTable } from '../../components/DataTable';
import { Badge, EmptyState, ErrorNotice, Loading, PageHeader } from '../../components/ui';
import { categoryLabel } from '../../lib/categories';
import { formatMs } from '../../lib/format';
import { isUnitPrice, readableMeterPrice } from '../../lib/meters';
import { formatUsd } from '../../lib/money';
import { useDocumentTitle } from '../../lib/use-document-title';

export function CatalogPage() {
  useDocumentTitle('Catalog');
  const catalog = useQuery({ queryKey: ['public', 'catalog'], queryFn: publicApi.catalog });
  const [params, setParams] = useSearchParams();
  const search = params.get('q') ?? '';
  const category = params.get('category') ?? '';
  const searchId = useId();
  const categoryId = useId();

  const setFilter = (name: string, value: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(name, value);
        else next.delete(name);
        return next;
      },
      { replace: true },
    );

  const endpoints = useMemo(() => catalog.data?.data ?? [], [catalog.data]);
  const categories = useMemo(() => [...new Set(endpoints.map((e) => e.category))].sort(), [endpoints]);
  const shown = useMemo(() => {
    const words = search.toLowerCase().split(/\s+/).filter(Boolean);
    return endpoints.filter((e) => {
      if (category && e.category !== category) return false;
      const text = `${e.slug} ${e.description} ${categoryLabel(e.category)} ${e.billing_unit_label}`.toLowerCase();
      return words.every((word) => text.includes(word));
    });
  }, [endpoints, search, category]);

  return (
    <>
      <PageHeader
        title="Catalog"
        description="Every endpoint you can call with one key. Prices are per billing unit, or per meter where input and output are priced apart, before any plan discount; latency is declared by us and measured on real calls over the last 7 days."
      />
      <div className="card card-flush">
        <div className="filters" role="search">
          <div className="field">
            <label htmlFor={searchId}>Search</label>
            <input
              id={searchId}
              type="search"
              placeholder="e.g. ocr, tokens, email"
              value={search}
              onChange={(e) => setFilter('q', e.target.value)}
            />
          </div>
          <div className="field">
            <label htmlFor={categoryId}>Category</label>
            <select id={categoryId} value={category} onChange={(e) => setFilter('category', e.target.value)}>
              <option value="">All categories</option>
              {categories.map((c) => (
                <option key={c} value={c}>
                  {categoryLabel(c)}
                </option>
              ))}
            </select>
          </div>
        </div>
        {catalog.isPending ? (
          <Loading label="Loading the catalog…" />
        ) : catalog.isError ? (
          <div className="card-compact">
            <ErrorNotice error={catalog.error} onRetry={() => void catalog.refetch()} />
          </div>
        ) : (
          <>
            <p className="visually-hidden" role="status" aria-live="polite">
              {shown.length} of {endpoints.length} endpoints shown
            </p>
            <DataTable<PublicEndpointView>
              caption="Catalog endpoints"
              rows={shown}
              rowKey={(e) => e.slug}
              empty={
                <EmptyState title={endpoints.length ? 'No endpoint matches' : 'The catalog is empty'}>
                  {endpoints.length ? 'Try another word or category.' : 'The operator has not enabled any endpoint yet.'}
                </EmptyState>
              }
              columns={[
                {
                  header: 'Endpoint',
                  primary: true,
                  cell: (e) => (
                    <>
                      <span className="cell-title mono">{e.slug}</span>
                      <span className="cell-sub">{e.description}</span>
                    </>
                  ),
                },
                { header: 'Category', cell: (e) => <Badge tone="info">{categoryLabel(e.category)}</Badge> },
                {
                  header: 'Unit',
                  cell: (e) => (
                    <span className="nowrap">{e.price_usd_per_unit === null ? 'per meter' : `per ${e.billing_unit_label}`}</span>
                  ),
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
          </>
        )}
      </div>
    </>
  );
}

/** The lines of a price: per meter at a readable scale, or the amount per the billing unit (`withUnit`: said after it). */
function priceLines(entry: PublicEndpointView, prices: readonly PublicMeterPriceView[], withUnit: boolean): string[] {
  if (
    isUnitPrice(
      entry.billing_unit,
      prices.map((p) => p.meter),
    )
  ) {
    const amount = formatUsd(prices[0].price_usd_per_unit);
    return [withUnit ? `${amount} / ${entry.billing_unit_label}` : amount];
  }
  return prices.map((p) => readableMeterPrice(p.meter, p.price_usd_per_unit));
}

/** The default price (the first model's, where there are models), then each model's own. */
function EndpointPrice({ entry }: { entry: PublicEndpointView }) {
  return (
    <>
      <span data-testid="price" className="price-lines">
        {priceLines(entry, entry.prices, false).map((line) => (
          <span key={line} className="nowrap">
            {line}
          </span>
        ))}
      </span>
      {entry.models.length > 0 && (
        <details className="model-prices" data-testid="model-prices">
          <summary>{entry.models.length === 1 ? '1 model' : `${entry.models.length} models`}</summary>
          <ul>
            {entry.models.map((model, index) => (
              <li key={model.name} data-model={model.name}>
                <span className="nowrap">
                  <span className="mono">{model.name}</span>
                  {index === 0 && <span className="faint"> (default)</span>}
                </span>
                <span className="price-lines">
                  {priceLines(entry, model.prices, true).map((line) => (
                    <span key={line} className="nowrap">
                      {line}
                    </span>
                  ))}
                </span>
              </li>
            ))}
          </ul>
        </details>
      )}
    </>
  );
}
