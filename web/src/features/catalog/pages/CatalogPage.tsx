/** The public catalog: every endpoint with its price and latency, searchable, filtered by category (both in the address bar). */
import { useId, useMemo } from 'react';
import { ErrorNotice, Loading, PageHeader } from '../../../components/ui';
import { useUrlFilters } from '../../../components/use-url-filters';
import { categoryLabel } from '../../../lib/categories';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { PublicCatalogTable } from '../components/PublicCatalogTable';
import { usePublicCatalog } from '../public-queries';

export function CatalogPage() {
  useDocumentTitle('Catalog');
  const catalog = usePublicCatalog();
  const filters = useUrlFilters();
  const search = filters.get('q');
  const category = filters.get('category');
  const searchId = useId();
  const categoryId = useId();

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
              onChange={(e) => filters.set('q', e.target.value)}
            />
          </div>
          <div className="field">
            <label htmlFor={categoryId}>Category</label>
            <select id={categoryId} value={category} onChange={(e) => filters.set('category', e.target.value)}>
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
            <PublicCatalogTable shown={shown} total={endpoints.length} />
          </>
        )}
      </div>
    </>
  );
}
