import type { QueryKey } from '@tanstack/react-query';
import type { LimitsBody } from '@unified-api-gateway/sdk';

/** Whose limits a LimitsCard shows (a key's, a customer's): its cache key and its routes, given by the feature that owns it. */
export interface LimitsSource {
  queryKey: QueryKey;
  load: () => Promise<LimitsBody>;
  save: (body: LimitsBody) => Promise<LimitsBody>;
  /** What a change makes stale besides the limits themselves (the key's effective limits). */
  affects?: QueryKey;
}
