/**
 * The catalog as the operator manages it (the operator API's /catalog): cache keys and hooks. Every
 * change applies on every gateway process at once, and is on the public catalog too.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type {
  CatalogEntryView,
  CreateCatalogEntryRequest,
  ModelRequest,
  UpdateCatalogEntryRequest,
  UpstreamRequest,
} from '@unified-api-gateway/sdk';
import { data } from '../../api/client';
import { adminSdk } from '../../api/admin-client';
import { useToast } from '../../components/Toasts';
import { publicCatalogKeys } from './public-queries';
import { formatCount } from '../../lib/format';

export const catalogKeys = {
  all: ['admin', 'catalog'] as const,
  list: () => [...catalogKeys.all, 'list'] as const,
  detail: (slug: string) => [...catalogKeys.all, 'detail', slug] as const,
};

export function useCatalog() {
  return useQuery({ queryKey: catalogKeys.list(), queryFn: () => data(adminSdk.catalog.list()) });
}

export function useCatalogEntry(slug: string) {
  return useQuery({ queryKey: catalogKeys.detail(slug), queryFn: () => data(adminSdk.catalog.get(slug)) });
}

/** Adds an endpoint; it is callable, and on the public catalog, at once. Its page opens. */
export function useAddEndpoint() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const toast = useToast();
  return useMutation({
    mutationFn: (body: CreateCatalogEntryRequest) => data(adminSdk.catalog.create(body)),
    onSuccess: (entry) => {
      void queryClient.invalidateQueries({ queryKey: catalogKeys.all });
      void queryClient.invalidateQueries({ queryKey: publicCatalogKeys.all });
      toast(`${entry.slug} added; it is callable now`);
      void navigate(`/admin/catalog/${entry.slug}`);
    },
  });
}

/**
 * One change of an endpoint (its settings, limit, upstreams or models): its page shows the answer,
 * the lists ask again, and a toast says what changed (`said`, from the answer).
 */
function useEntryChange<V>(slug: string, run: (variables: V) => Promise<CatalogEntryView>, said: (next: CatalogEntryView) => string) {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: run,
    onSuccess: (next) => {
      queryClient.setQueryData(catalogKeys.detail(slug), next);
      void queryClient.invalidateQueries({ queryKey: catalogKeys.list() });
      void queryClient.invalidateQueries({ queryKey: publicCatalogKeys.all });
      toast(said(next));
    },
  });
}

export const useSetEnabled = (slug: string) =>
  useEntryChange(
    slug,
    (enabled: boolean) => data(adminSdk.catalog.update(slug, { enabled })),
    (next) => (next.enabled ? 'Endpoint enabled' : 'Endpoint disabled'),
  );

export const useUpdateEntry = (slug: string) =>
  useEntryChange(
    slug,
    (body: UpdateCatalogEntryRequest) => data(adminSdk.catalog.update(slug, body)),
    () => 'Endpoint saved; it applies at once',
  );

export const useSetEndpointLimit = (slug: string) =>
  useEntryChange(
    slug,
    (limit: number | null) => data(adminSdk.catalog.setLimit(slug, limit)),
    (next) =>
      next.endpoint_rate_limit === null
        ? 'Back to the catalog default limit'
        : `Limit set to ${formatCount(next.endpoint_rate_limit)} per key`,
  );

export const useSetUpstreams = (slug: string) =>
  useEntryChange(
    slug,
    (upstreams: UpstreamRequest[]) => data(adminSdk.catalog.setUpstreams(slug, upstreams)),
    () => 'Upstreams replaced',
  );

export const useSetModels = (slug: string) =>
  useEntryChange(
    slug,
    (models: ModelRequest[]) => data(adminSdk.catalog.setModels(slug, models)),
    (next) =>
      next.models.length ? `Models saved (${next.models.length}); they apply at once` : 'Models removed: one price for every call',
  );
