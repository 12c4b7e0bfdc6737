/** The public catalog (GET /api/public/v1/catalog, without a key): the website, and the console's choices of endpoints. */
import { useQuery } from '@tanstack/react-query';
import { publicApi } from '../../api/public-api';

export const publicCatalogKeys = {
  all: ['public', 'catalog'] as const,
};

export function usePublicCatalog() {
  return useQuery({ queryKey: publicCatalogKeys.all, queryFn: publicApi.catalog });
}
