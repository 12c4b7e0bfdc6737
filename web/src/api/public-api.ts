/** The website's data: GET /api/public/v1/catalog and /plans, without a key (the SDK's PublicClient). */
import { data, sdk } from './http';

export const publicApi = {
  catalog: () => data(sdk.public.catalog()),
  plans: () => data(sdk.public.plans()),
};
