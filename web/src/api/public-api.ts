/** The website's data: GET /api/public/v1/catalog and /plans, without a key. */
import { api } from './http';
import type { PublicCatalogView, PublicPlansView } from './openapi.generated';

export const publicApi = {
  catalog: () => api.get<PublicCatalogView>('/api/public/v1/catalog'),
  plans: () => api.get<PublicPlansView>('/api/public/v1/plans'),
};
