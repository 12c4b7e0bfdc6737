/**
 * What the public API answers without a key (`/api/public/v1`): the catalog with its prices and
 * measured latency, and the public plans. The calls themselves are Gateway's (with an API key).
 */
import { ApiClient, type ApiResult, type ClientSettings } from './api-client.js';
import { PUBLIC_PREFIX, type PublicRoutes } from './contract.js';
import { Transport, type RequestOptions } from './transport.js';

/** `baseUrl`: the gateway's origin; in a browser it may be left out (the page's own origin). */
export type PublicClientOptions = ClientSettings;

type Answer<R extends keyof PublicRoutes> = Promise<ApiResult<PublicRoutes[R]['response']>>;

export class PublicClient extends ApiClient<PublicRoutes> {
  constructor(options: PublicClientOptions = {}) {
    super(new Transport({ ...options, anonymous: true }), PUBLIC_PREFIX);
  }

  /** Every endpoint: category, description, billing unit, price, declared and measured latency. */
  catalog(options?: RequestOptions): Answer<'GET /catalog'> {
    return this.send('GET /catalog', {}, options);
  }

  /** The public plans, cheapest first. */
  plans(options?: RequestOptions): Answer<'GET /plans'> {
    return this.send('GET /plans', {}, options);
  }
}
