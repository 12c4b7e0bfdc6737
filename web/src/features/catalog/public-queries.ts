/** The public catalog (GET /api/public/v1/catalog, without a key): the website, and the console's choices of endpoints. */
import { useQuery } from '@tanstack/react-query';
import { data, sdk } from '../../api/client';

export const publicCatalogKeys = {
  all: ['public', 'catalog'] as const,
};

export function usePublicCatalog() {
  return useQuery({ queryKey: publicCatalogKeys.all, queryFn: () => data(sdk.public.catalog()) });
}
