/**
 * The operator API's client (`/api/admin/v1`): tenants, their keys, budgets, customers and
 * statements; plans; the catalog and model aliases; the audit trail and reports; operators. With the
 * operator token (ADMIN_TOKEN, server to server) or, in a browser, an operator's console session.
 * Every method names one route of AdminRoutes, derived by the compiler from the generated contract;
 * `request` calls any route the same way.
 *
 * A separate entry of the package (`@unified-api-gateway/sdk/admin`): what a tenant's code imports
 * from the main entry never includes it.
 */
import { ApiClient, type ApiResult, type ClientSettings, type QueryOf, type SessionCredentials } from '../api-client.js';
import { ADMIN_PREFIX, routesUnder, type AdminRoute, type AdminRoutes } from '../contract.js';
import {
  ROUTES,
  type BudgetRequest,
  type CreateApiKeyRequest,
  type CreateCatalogEntryRequest,
  type CreateManagementKeyRequest,
  type CreateOperatorRequest,
  type CreatePlanRequest,
  type CreateTenantRequest,
  type ModelRequest,
  type UpdateCatalogEntryRequest,
  type UpdatePlanRequest,
  type UpdateTenantRequest,
  type UpstreamRequest,
} from '../generated/openapi.js';
import { Transport, type RequestOptions } from '../transport.js';

/** The operator token (server to server), or an operator's console session (the admin area's pages). */
export type AdminClientOptions = ClientSettings &
  (
    | {
        /** The operator token (ADMIN_TOKEN). */
        adminToken: string;
        /** The gateway's origin, e.g. `https://gateway.example.com`. */
        baseUrl: string;
      }
    | SessionCredentials
  );

/** Every route of the operator API (`GET /tenants`, …), from the generated contract. */
export const ADMIN_ROUTES: readonly AdminRoute[] = /* @__PURE__ */ routesUnder<AdminRoute>(ROUTES, ADMIN_PREFIX);

type Route<R extends AdminRoute> = AdminRoutes[R];
type Query<R extends AdminRoute> = QueryOf<Route<R>>;
type Answer<R extends AdminRoute> = Promise<ApiResult<Route<R>['response']>>;

export class AdminClient extends ApiClient<AdminRoutes> {
  constructor(options: AdminClientOptions) {
    const { adminToken, session, ...settings } = options as ClientSettings & { adminToken?: string } & Partial<SessionCredentials>;
    super(new Transport({ ...settings, token: adminToken, session }), ADMIN_PREFIX);
  }

  readonly tenants = {
    /** The tenant's users: name, email, role and last sign-in. */
    users: (id: string, query: Query<'GET /tenants/{id}/users'> = {}, options?: RequestOptions): Answer<'GET /tenants/{id}/users'> =>
      this.send('GET /tenants/{id}/users', { params: { id }, query }, options),
    create: (body: CreateTenantRequest, options?: RequestOptions): Answer<'POST /tenants'> => this.send('POST /tenants', { body }, options),
    /** `ids`: only these tenants (at most 100; unknown ids are simply absent); `q`: those whose name starts with it (ignoring case). */
    list: (query: Query<'GET /tenants'> = {}, options?: RequestOptions): Answer<'GET /tenants'> =>
      this.send('GET /tenants', { query }, options),
    get: (id: string, options?: RequestOptions): Answer<'GET /tenants/{id}'> => this.send('GET /tenants/{id}', { params: { id } }, options),
    /** Renames, suspends or resumes a tenant, or changes its tenant-wide limit. */
    update: (id: string, body: UpdateTenantRequest, options?: RequestOptions): Answer<'PATCH /tenants/{id}'> =>
      this.send('PATCH /tenants/{id}', { params: { id }, body }, options),
    getBudget: (id: string, options?: RequestOptions): Answer<'GET /tenants/{id}/budget'> =>
      this.send('GET /tenants/{id}/budget', { params: { id } }, options),
    setBudget: (id: string, body: BudgetRequest, options?: RequestOptions): Answer<'PUT /tenants/{id}/budget'> =>
      this.send('PUT /tenants/{id}/budget', { params: { id }, body }, options),
    deleteBudget: (id: string, options?: RequestOptions): Answer<'DELETE /tenants/{id}/budget'> =>
      this.send('DELETE /tenants/{id}/budget', { params: { id } }, options),
    /** A gateway key of the tenant's own; `key` in the answer is shown this once. */
    createKey: (id: string, body: CreateApiKeyRequest = {}, options?: RequestOptions): Answer<'POST /tenants/{id}/keys'> =>
      this.send('POST /tenants/{id}/keys', { params: { id }, body }, options),
    listKeys: (id: string, query: Query<'GET /tenants/{id}/keys'> = {}, options?: RequestOptions): Answer<'GET /tenants/{id}/keys'> =>
      this.send('GET /tenants/{id}/keys', { params: { id }, query }, options),
    /** A management key of the tenant (the reseller API's); `key` in the answer is shown this once. */
    createManagementKey: (
      id: string,
      body: CreateManagementKeyRequest = {},
      options?: RequestOptions,
    ): Answer<'POST /tenants/{id}/management-keys'> => this.send('POST /tenants/{id}/management-keys', { params: { id }, body }, options),
    listManagementKeys: (
      id: string,
      query: Query<'GET /tenants/{id}/management-keys'> = {},
      options?: RequestOptions,
    ): Answer<'GET /tenants/{id}/management-keys'> => this.send('GET /tenants/{id}/management-keys', { params: { id }, query }, options),
    listCustomers: (
      id: string,
      query: Query<'GET /tenants/{id}/customers'> = {},
      options?: RequestOptions,
    ): Answer<'GET /tenants/{id}/customers'> => this.send('GET /tenants/{id}/customers', { params: { id }, query }, options),
    getCustomer: (id: string, customerId: string, options?: RequestOptions): Answer<'GET /tenants/{id}/customers/{customerId}'> =>
      this.send('GET /tenants/{id}/customers/{customerId}', { params: { id, customerId } }, options),
  };

  readonly keys = {
    get: (id: string, options?: RequestOptions): Answer<'GET /keys/{id}'> => this.send('GET /keys/{id}', { params: { id } }, options),
    revoke: (id: string, options?: RequestOptions): Answer<'POST /keys/{id}/revoke'> =>
      this.send('POST /keys/{id}/revoke', { params: { id } }, options),
    /** Every request limit (per endpoint the key may call, or one `slug`) and budget of the key's calls, and which binds. */
    effectiveLimits: (
      id: string,
      query: Query<'GET /keys/{id}/effective-limits'> = {},
      options?: RequestOptions,
    ): Answer<'GET /keys/{id}/effective-limits'> => this.send('GET /keys/{id}/effective-limits', { params: { id }, query }, options),
    /** The key's calls and billed amounts per UTC day of a period (default: the last 30 days). */
    usage: (id: string, query: Query<'GET /keys/{id}/usage'> = {}, options?: RequestOptions): Answer<'GET /keys/{id}/usage'> =>
      this.send('GET /keys/{id}/usage', { params: { id }, query }, options),
  };

  readonly managementKeys = {
    revoke: (id: string, options?: RequestOptions): Answer<'POST /management-keys/{id}/revoke'> =>
      this.send('POST /management-keys/{id}/revoke', { params: { id } }, options),
  };

  /**
   * Statements of a tenant, or of one of its customers: the months, newest first, and one month
   * (closed, or the month in progress); `?format=csv` (see `url`) for the CSV.
   */
  readonly statements = {
    list: (
      tenantId: string,
      query: Query<'GET /tenants/{id}/statements'> = {},
      options?: RequestOptions,
    ): Answer<'GET /tenants/{id}/statements'> => this.send('GET /tenants/{id}/statements', { params: { id: tenantId }, query }, options),
    get: (tenantId: string, month: string, options?: RequestOptions): Answer<'GET /tenants/{id}/statements/{month}'> =>
      this.send('GET /tenants/{id}/statements/{month}', { params: { id: tenantId, month } }, options),
    listForCustomer: (
      tenantId: string,
      customerId: string,
      query: Query<'GET /tenants/{id}/customers/{customerId}/statements'> = {},
      options?: RequestOptions,
    ): Answer<'GET /tenants/{id}/customers/{customerId}/statements'> =>
      this.send('GET /tenants/{id}/customers/{customerId}/statements', { params: { id: tenantId, customerId }, query }, options),
    getForCustomer: (
      tenantId: string,
      customerId: string,
      month: string,
      options?: RequestOptions,
    ): Answer<'GET /tenants/{id}/customers/{customerId}/statements/{month}'> =>
      this.send('GET /tenants/{id}/customers/{customerId}/statements/{month}', { params: { id: tenantId, customerId, month } }, options),
  };

  readonly plans = {
    create: (body: CreatePlanRequest, options?: RequestOptions): Answer<'POST /plans'> => this.send('POST /plans', { body }, options),
    list: (query: Query<'GET /plans'> = {}, options?: RequestOptions): Answer<'GET /plans'> => this.send('GET /plans', { query }, options),
    get: (id: string, options?: RequestOptions): Answer<'GET /plans/{id}'> => this.send('GET /plans/{id}', { params: { id } }, options),
    update: (id: string, body: UpdatePlanRequest, options?: RequestOptions): Answer<'PATCH /plans/{id}'> =>
      this.send('PATCH /plans/{id}', { params: { id }, body }, options),
    /** Only a plan no tenant is on (409 `conflict` otherwise). */
    delete: (id: string, options?: RequestOptions): Answer<'DELETE /plans/{id}'> =>
      this.send('DELETE /plans/{id}', { params: { id } }, options),
  };

  readonly catalog = {
    list: (options?: RequestOptions): Answer<'GET /catalog'> => this.send('GET /catalog', {}, options),
    create: (body: CreateCatalogEntryRequest, options?: RequestOptions): Answer<'POST /catalog'> =>
      this.send('POST /catalog', { body }, options),
    get: (slug: string, options?: RequestOptions): Answer<'GET /catalog/{slug}'> =>
      this.send('GET /catalog/{slug}', { params: { slug } }, options),
    update: (slug: string, body: UpdateCatalogEntryRequest, options?: RequestOptions): Answer<'PATCH /catalog/{slug}'> =>
      this.send('PATCH /catalog/{slug}', { params: { slug }, body }, options),
    /** Sets (or, with null, removes) the operator's per-endpoint limit: requests per key per window. */
    setLimit: (slug: string, requestsPerWindow: number | null, options?: RequestOptions): Answer<'PUT /catalog/{slug}/limit'> =>
      this.send('PUT /catalog/{slug}/limit', { params: { slug }, body: { requests_per_window: requestsPerWindow } }, options),
    /** Replaces the slug's upstreams, in fallback order. */
    setUpstreams: (slug: string, upstreams: UpstreamRequest[], options?: RequestOptions): Answer<'PUT /catalog/{slug}/upstreams'> =>
      this.send('PUT /catalog/{slug}/upstreams', { params: { slug }, body: { upstreams } }, options),
    /** Replaces the models a caller may choose, each at its own price. */
    setModels: (slug: string, models: ModelRequest[], options?: RequestOptions): Answer<'PUT /catalog/{slug}/models'> =>
      this.send('PUT /catalog/{slug}/models', { params: { slug }, body: { models } }, options),
  };

  /** Model aliases of the OpenAI-compatible API (an alias may hold `/`: it is encoded in the path). */
  readonly modelAliases = {
    list: (options?: RequestOptions): Answer<'GET /model-aliases'> => this.send('GET /model-aliases', {}, options),
    set: (alias: string, target: string, options?: RequestOptions): Answer<'PUT /model-aliases/{alias}'> =>
      this.send('PUT /model-aliases/{alias}', { params: { alias }, body: { target } }, options),
    delete: (alias: string, options?: RequestOptions): Answer<'DELETE /model-aliases/{alias}'> =>
      this.send('DELETE /model-aliases/{alias}', { params: { alias } }, options),
  };

  readonly activity = {
    /** Every price, limit, budget, plan and tenant change made through the operator and reseller APIs, newest first. */
    list: (query: Query<'GET /activity'> = {}, options?: RequestOptions): Answer<'GET /activity'> =>
      this.send('GET /activity', { query }, options),
  };

  readonly users = {
    /** A one-time password reset link for any user (operators included); its token is shown this once. */
    passwordReset: (id: string, options?: RequestOptions): Answer<'POST /users/{id}/password-reset'> =>
      this.send('POST /users/{id}/password-reset', { params: { id } }, options),
  };

  readonly audit = {
    /** Every tenant's audit trail, newest first. */
    list: (query: Query<'GET /audit'> = {}, options?: RequestOptions): Answer<'GET /audit'> => this.send('GET /audit', { query }, options),
    /** Any tenant's call in full, by its request id: tenant, key, customer, refusal, upstream and every amount. */
    get: (requestId: string, options?: RequestOptions): Answer<'GET /audit/{id}'> =>
      this.send('GET /audit/{id}', { params: { id: requestId } }, options),
    /** Where the CSV of every call these filters select downloads from. */
    exportUrl: (query: Query<'GET /audit/export'> = {}): string => this.url('GET /audit/export', { query }),
  };

  readonly reports = {
    /** Wholesale cost, resale revenue, customer price, both margins and plan fees by tenant (paged), slug or day, with exact totals. */
    revenue: (query: Query<'GET /reports/revenue'>, options?: RequestOptions): Answer<'GET /reports/revenue'> =>
      this.send('GET /reports/revenue', { query }, options),
    /** Where the whole revenue report (every page by tenant) downloads from as CSV. */
    revenueExportUrl: (query: Query<'GET /reports/revenue/export'>): string => this.url('GET /reports/revenue/export', { query }),
    /** Declared against measured latency (p50, p95 of the answered calls of the last 7 days) per slug. */
    latency: (options?: RequestOptions): Answer<'GET /reports/latency'> => this.send('GET /reports/latency', {}, options),
  };

  readonly operators = {
    create: (body: CreateOperatorRequest, options?: RequestOptions): Answer<'POST /operators'> =>
      this.send('POST /operators', { body }, options),
    list: (query: Query<'GET /operators'> = {}, options?: RequestOptions): Answer<'GET /operators'> =>
      this.send('GET /operators', { query }, options),
    /** Removes an operator and ends their sessions (yourself too, which signs you out); never the last operator (409). */
    delete: (id: string, options?: RequestOptions): Answer<'DELETE /operators/{id}'> =>
      this.send('DELETE /operators/{id}', { params: { id } }, options),
  };
}
