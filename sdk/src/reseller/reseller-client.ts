/**
 * The reseller API client (`/api/reseller/v1`, a `gwm_…` management key, or a tenant user's console
 * session in a browser): customers, their keys, limits, budgets and prices, usage reports, the audit
 * trail, webhooks, the plan and management keys. Every method names one route of ResellerRoutes,
 * which the compiler derives from the generated contract (openapi.json), so its path, parameters,
 * body and answer are the server's; `request` calls any route the same way.
 *
 * Bodies and answers keep the API's own snake_case field names, exactly as documented.
 */
import { ApiClient, type ApiResult, type ClientSettings, type QueryOf, type SessionCredentials } from '../api-client.js';
import { RESELLER_PREFIX, routesUnder, type ResellerRoute, type ResellerRoutes } from '../contract.js';
import { ROUTES } from '../generated/openapi.js';
import { Transport, type RequestOptions } from '../transport.js';
import type {
  BudgetRequest,
  CreateCustomerRequest,
  CreateManagementKeyRequest,
  CreateResellerKeyRequest,
  CreateWebhookEndpointRequest,
  LimitsBody,
  Meter,
  RotateResellerKeyRequest,
  RotateWebhookSecretRequest,
  UpdateCustomerRequest,
  UpdateResellerKeyRequest,
  UpdateWebhookEndpointRequest,
} from '../generated/openapi.js';

export type { ApiResult } from '../api-client.js';

/** A management key (server to server), or a browser's console session (the console's pages). */
export type ResellerClientOptions = ClientSettings &
  (
    | {
        /** A management key (`gwm_…`), issued by the operator or made by an owner. */
        managementKey: string;
        /** The gateway's origin, e.g. `https://gateway.example.com`. */
        baseUrl: string;
      }
    | SessionCredentials
  );

/** Every route of the reseller API (`GET /customers/{id}`, …), from the generated contract. */
export const RESELLER_ROUTES: readonly ResellerRoute[] = /* @__PURE__ */ routesUnder<ResellerRoute>(ROUTES, RESELLER_PREFIX);

type Route<R extends ResellerRoute> = ResellerRoutes[R];
type Query<R extends ResellerRoute> = QueryOf<Route<R>>;
type Answer<R extends ResellerRoute> = Promise<ApiResult<Route<R>['response']>>;

export class ResellerClient extends ApiClient<ResellerRoutes> {
  constructor(options: ResellerClientOptions) {
    const { managementKey, session, ...settings } = options as ClientSettings & { managementKey?: string } & Partial<SessionCredentials>;
    super(new Transport({ ...settings, token: managementKey, session }), RESELLER_PREFIX);
  }

  /** The calling tenant, its plan and its budget. */
  me(options?: RequestOptions): Answer<'GET /me'> {
    return this.send('GET /me', {}, options);
  }

  /**
   * Moves your tenant from its public plan to another public plan; the answer is `me()`'s. A plan
   * with a smaller monthly fee is scheduled for the start of the next UTC month
   * (`scheduled_plan_change`; your plan and its fee hold until then); choosing your current plan
   * cancels that. `null` (no plan), or a tenant on a private plan or on none, is refused (403
   * `plan_change_not_allowed`: the operator's decision).
   */
  choosePlan(planId: string | null, options?: RequestOptions): Answer<'PUT /me/plan'> {
    return this.send('PUT /me/plan', { body: { plan_id: planId } }, options);
  }

  /**
   * Cancels the move to a plan with a smaller fee that `choosePlan` scheduled for the next month:
   * you stay on your plan. The answer is `me()`'s; a NotFoundError when none is scheduled.
   */
  cancelScheduledPlanChange(options?: RequestOptions): Answer<'DELETE /me/scheduled-plan-change'> {
    return this.send('DELETE /me/scheduled-plan-change', {}, options);
  }

  /** Your management keys (the reseller API's own keys; this client's key acts as the tenant's owner). */
  readonly managementKeys = {
    /** `key` in the answer is shown this once. */
    create: (body: CreateManagementKeyRequest = {}, options?: RequestOptions): Answer<'POST /management-keys'> =>
      this.send('POST /management-keys', { body }, options),
    list: (query: Query<'GET /management-keys'> = {}, options?: RequestOptions): Answer<'GET /management-keys'> =>
      this.send('GET /management-keys', { query }, options),
    revoke: (id: string, options?: RequestOptions): Answer<'POST /management-keys/{id}/revoke'> =>
      this.send('POST /management-keys/{id}/revoke', { params: { id } }, options),
  };

  readonly customers = {
    create: (body: CreateCustomerRequest, options?: RequestOptions): Answer<'POST /customers'> =>
      this.send('POST /customers', { body }, options),
    list: (query: Query<'GET /customers'> = {}, options?: RequestOptions): Answer<'GET /customers'> =>
      this.send('GET /customers', { query }, options),
    get: (id: string, options?: RequestOptions): Answer<'GET /customers/{id}'> =>
      this.send('GET /customers/{id}', { params: { id } }, options),
    update: (id: string, body: UpdateCustomerRequest, options?: RequestOptions): Answer<'PATCH /customers/{id}'> =>
      this.send('PATCH /customers/{id}', { params: { id }, body }, options),
    /** Soft delete: its keys are revoked, its external_id is free again, it is 404 from then on. */
    delete: (id: string, options?: RequestOptions): Answer<'DELETE /customers/{id}'> =>
      this.send('DELETE /customers/{id}', { params: { id } }, options),
    suspend: (id: string, options?: RequestOptions): Answer<'POST /customers/{id}/suspend'> =>
      this.send('POST /customers/{id}/suspend', { params: { id } }, options),
    resume: (id: string, options?: RequestOptions): Answer<'POST /customers/{id}/resume'> =>
      this.send('POST /customers/{id}/resume', { params: { id } }, options),
    /** A gateway key of the customer; `key` in the answer is shown this once. */
    createKey: (id: string, body: CreateResellerKeyRequest = {}, options?: RequestOptions): Answer<'POST /customers/{id}/keys'> =>
      this.send('POST /customers/{id}/keys', { params: { id }, body }, options),
    /** The customer's keys, newest first. */
    listKeys: (id: string, query: Query<'GET /customers/{id}/keys'> = {}, options?: RequestOptions): Answer<'GET /customers/{id}/keys'> =>
      this.send('GET /customers/{id}/keys', { params: { id }, query }, options),
    /** The customer's limits; `etag` is their version (for `ifMatch`). */
    getLimits: (id: string, options?: RequestOptions): Answer<'GET /customers/{id}/limits'> =>
      this.send('GET /customers/{id}/limits', { params: { id } }, options),
    /** Replaces the customer's limits whole (`{}` clears them); with `options.ifMatch`, only that version (412 otherwise). */
    setLimits: (id: string, body: LimitsBody, options?: RequestOptions): Answer<'PUT /customers/{id}/limits'> =>
      this.send('PUT /customers/{id}/limits', { params: { id }, body }, options),
    /** Sets the customer's limit on one slug; the rest stay as they are (no read-modify-write). */
    setSlugLimit: (
      id: string,
      slug: string,
      requestsPerWindow: number,
      options?: RequestOptions,
    ): Answer<'PUT /customers/{id}/limits/{slug}'> =>
      this.send('PUT /customers/{id}/limits/{slug}', { params: { id, slug }, body: { requests_per_window: requestsPerWindow } }, options),
    /** Removes the customer's limit on one slug (idempotent); the rest stay as they are. */
    deleteSlugLimit: (id: string, slug: string, options?: RequestOptions): Answer<'DELETE /customers/{id}/limits/{slug}'> =>
      this.send('DELETE /customers/{id}/limits/{slug}', { params: { id, slug } }, options),
    getBudget: (id: string, options?: RequestOptions): Answer<'GET /customers/{id}/budget'> =>
      this.send('GET /customers/{id}/budget', { params: { id } }, options),
    setBudget: (id: string, body: BudgetRequest, options?: RequestOptions): Answer<'PUT /customers/{id}/budget'> =>
      this.send('PUT /customers/{id}/budget', { params: { id }, body }, options),
    deleteBudget: (id: string, options?: RequestOptions): Answer<'DELETE /customers/{id}/budget'> =>
      this.send('DELETE /customers/{id}/budget', { params: { id } }, options),
    listPrices: (id: string, options?: RequestOptions): Answer<'GET /customers/{id}/prices'> =>
      this.send('GET /customers/{id}/prices', { params: { id } }, options),
    setPrice: (id: string, slug: string, priceUsdPerUnit: string, options?: RequestOptions): Answer<'PUT /customers/{id}/prices/{slug}'> =>
      this.send('PUT /customers/{id}/prices/{slug}', { params: { id, slug }, body: { price_usd_per_unit: priceUsdPerUnit } }, options),
    /** Removes every meter's own price of the customer on the slug (idempotent). */
    deletePrice: (id: string, slug: string, options?: RequestOptions): Answer<'DELETE /customers/{id}/prices/{slug}'> =>
      this.send('DELETE /customers/{id}/prices/{slug}', { params: { id, slug } }, options),
    /** The customer's own price per unit of one meter of a slug (`'input_tokens'`, …; 400 with `details.meters` for one the slug does not bill). */
    setMeterPrice: (
      id: string,
      slug: string,
      meter: Meter,
      priceUsdPerUnit: string,
      options?: RequestOptions,
    ): Answer<'PUT /customers/{id}/prices/{slug}/meters/{meter}'> =>
      this.send(
        'PUT /customers/{id}/prices/{slug}/meters/{meter}',
        { params: { id, slug, meter }, body: { price_usd_per_unit: priceUsdPerUnit } },
        options,
      ),
    deleteMeterPrice: (
      id: string,
      slug: string,
      meter: Meter,
      options?: RequestOptions,
    ): Answer<'DELETE /customers/{id}/prices/{slug}/meters/{meter}'> =>
      this.send('DELETE /customers/{id}/prices/{slug}/meters/{meter}', { params: { id, slug, meter } }, options),
    /** The customer's own markups over your resale figure: on every slug (`'*'`) first, then by slug. */
    listMarkups: (id: string, options?: RequestOptions): Answer<'GET /customers/{id}/markups'> =>
      this.send('GET /customers/{id}/markups', { params: { id } }, options),
    /** The customer's own markup in basis points (0 to 100000) on a slug, or on every slug (`'*'`). */
    setMarkup: (id: string, slug: string, markupBps: number, options?: RequestOptions): Answer<'PUT /customers/{id}/markups/{slug}'> =>
      this.send('PUT /customers/{id}/markups/{slug}', { params: { id, slug }, body: { markup_bps: markupBps } }, options),
    deleteMarkup: (id: string, slug: string, options?: RequestOptions): Answer<'DELETE /customers/{id}/markups/{slug}'> =>
      this.send('DELETE /customers/{id}/markups/{slug}', { params: { id, slug } }, options),
  };

  readonly keys = {
    /** A key of your own (no customer); `key` in the answer is shown this once. */
    create: (body: CreateResellerKeyRequest = {}, options?: RequestOptions): Answer<'POST /keys'> =>
      this.send('POST /keys', { body }, options),
    list: (query: Query<'GET /keys'> = {}, options?: RequestOptions): Answer<'GET /keys'> => this.send('GET /keys', { query }, options),
    get: (id: string, options?: RequestOptions): Answer<'GET /keys/{id}'> => this.send('GET /keys/{id}', { params: { id } }, options),
    update: (id: string, body: UpdateResellerKeyRequest, options?: RequestOptions): Answer<'PATCH /keys/{id}'> =>
      this.send('PATCH /keys/{id}', { params: { id }, body }, options),
    revoke: (id: string, options?: RequestOptions): Answer<'POST /keys/{id}/revoke'> =>
      this.send('POST /keys/{id}/revoke', { params: { id } }, options),
    expire: (id: string, options?: RequestOptions): Answer<'POST /keys/{id}/expire'> =>
      this.send('POST /keys/{id}/expire', { params: { id } }, options),
    /** A new key (shown this once); the old one keeps working for `grace_seconds` (default 24 h). */
    rotate: (id: string, body: RotateResellerKeyRequest = {}, options?: RequestOptions): Answer<'POST /keys/{id}/rotate'> =>
      this.send('POST /keys/{id}/rotate', { params: { id }, body }, options),
    /** The key's limits; `etag` is their version (for `ifMatch`). */
    getLimits: (id: string, options?: RequestOptions): Answer<'GET /keys/{id}/limits'> =>
      this.send('GET /keys/{id}/limits', { params: { id } }, options),
    /** Replaces the key's limits whole (`{}` clears them); with `options.ifMatch`, only that version (412 otherwise). */
    setLimits: (id: string, body: LimitsBody, options?: RequestOptions): Answer<'PUT /keys/{id}/limits'> =>
      this.send('PUT /keys/{id}/limits', { params: { id }, body }, options),
    /** Sets the key's limit on one slug; the rest stay as they are (no read-modify-write). */
    setSlugLimit: (id: string, slug: string, requestsPerWindow: number, options?: RequestOptions): Answer<'PUT /keys/{id}/limits/{slug}'> =>
      this.send('PUT /keys/{id}/limits/{slug}', { params: { id, slug }, body: { requests_per_window: requestsPerWindow } }, options),
    /** Removes the key's limit on one slug (idempotent); the rest stay as they are. */
    deleteSlugLimit: (id: string, slug: string, options?: RequestOptions): Answer<'DELETE /keys/{id}/limits/{slug}'> =>
      this.send('DELETE /keys/{id}/limits/{slug}', { params: { id, slug } }, options),
    getBudget: (id: string, options?: RequestOptions): Answer<'GET /keys/{id}/budget'> =>
      this.send('GET /keys/{id}/budget', { params: { id } }, options),
    setBudget: (id: string, body: BudgetRequest, options?: RequestOptions): Answer<'PUT /keys/{id}/budget'> =>
      this.send('PUT /keys/{id}/budget', { params: { id }, body }, options),
    deleteBudget: (id: string, options?: RequestOptions): Answer<'DELETE /keys/{id}/budget'> =>
      this.send('DELETE /keys/{id}/budget', { params: { id } }, options),
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

  /**
   * Fixed prices for every customer, per slug and meter: USD per the meter's unit as a decimal string
   * (`'0.004'`; `picoUsdToUsdString` writes one exactly). `set` and `delete` without a meter are the
   * slug's billing unit's meter (a single-meter slug's one); `delete` removes every meter's.
   */
  readonly prices = {
    list: (options?: RequestOptions): Answer<'GET /prices'> => this.send('GET /prices', {}, options),
    set: (slug: string, priceUsdPerUnit: string, options?: RequestOptions): Answer<'PUT /prices/{slug}'> =>
      this.send('PUT /prices/{slug}', { params: { slug }, body: { price_usd_per_unit: priceUsdPerUnit } }, options),
    delete: (slug: string, options?: RequestOptions): Answer<'DELETE /prices/{slug}'> =>
      this.send('DELETE /prices/{slug}', { params: { slug } }, options),
    setMeter: (
      slug: string,
      meter: Meter,
      priceUsdPerUnit: string,
      options?: RequestOptions,
    ): Answer<'PUT /prices/{slug}/meters/{meter}'> =>
      this.send('PUT /prices/{slug}/meters/{meter}', { params: { slug, meter }, body: { price_usd_per_unit: priceUsdPerUnit } }, options),
    deleteMeter: (slug: string, meter: Meter, options?: RequestOptions): Answer<'DELETE /prices/{slug}/meters/{meter}'> =>
      this.send('DELETE /prices/{slug}/meters/{meter}', { params: { slug, meter } }, options),
  };

  /** Markups for every customer over your resale figure, in basis points (0 to 100000), on a slug or on every slug (`'*'`); a fixed price beats them. */
  readonly markups = {
    list: (options?: RequestOptions): Answer<'GET /markups'> => this.send('GET /markups', {}, options),
    set: (slug: string, markupBps: number, options?: RequestOptions): Answer<'PUT /markups/{slug}'> =>
      this.send('PUT /markups/{slug}', { params: { slug }, body: { markup_bps: markupBps } }, options),
    delete: (slug: string, options?: RequestOptions): Answer<'DELETE /markups/{slug}'> =>
      this.send('DELETE /markups/{slug}', { params: { slug } }, options),
  };

  readonly usage = {
    /** Calls, usage, what was billed (`customer_price_usd`), owed (`resale_usd`) and the margin (`reseller_margin_usd`) per customer, slug or UTC day, with exact totals. */
    report: (query: Query<'GET /reports/usage'>, options?: RequestOptions): Answer<'GET /reports/usage'> =>
      this.send('GET /reports/usage', { query }, options),
    /** Where the whole report (every page by customer) downloads from as CSV. */
    exportUrl: (query: Query<'GET /reports/usage/export'>): string => this.url('GET /reports/usage/export', { query }),
  };

  /** Monthly statements: frozen once a month closes (corrections come as adjustments on a later one); the month in progress is live (`status: "open"`). */
  readonly statements = {
    /** Your monthly statements (all your customers and your own keys), newest month first: the months not closed yet (open), then the closed ones. */
    list: (query: Query<'GET /statements'> = {}, options?: RequestOptions): Answer<'GET /statements'> =>
      this.send('GET /statements', { query }, options),
    /** The statement of `month` (YYYY-MM). */
    get: (month: string, options?: RequestOptions): Answer<'GET /statements/{month}'> =>
      this.send('GET /statements/{month}', { params: { month } }, options),
    /** A customer's monthly statements, newest month first: the months not closed yet (open), then the closed ones. */
    listForCustomer: (
      id: string,
      query: Query<'GET /customers/{id}/statements'> = {},
      options?: RequestOptions,
    ): Answer<'GET /customers/{id}/statements'> => this.send('GET /customers/{id}/statements', { params: { id }, query }, options),
    /** A customer's statement of `month` (YYYY-MM). */
    getForCustomer: (id: string, month: string, options?: RequestOptions): Answer<'GET /customers/{id}/statements/{month}'> =>
      this.send('GET /customers/{id}/statements/{month}', { params: { id, month } }, options),
  };

  readonly activity = {
    /** Every change of your prices, markups, limits, budgets and plan, and of your account by the operator: who, when, before and after; newest first. */
    list: (query: Query<'GET /activity'> = {}, options?: RequestOptions): Answer<'GET /activity'> =>
      this.send('GET /activity', { query }, options),
  };

  readonly audit = {
    /** Your audit trail, newest first. */
    list: (query: Query<'GET /audit'> = {}, options?: RequestOptions): Answer<'GET /audit'> => this.send('GET /audit', { query }, options),
    /** One call in full, by its request id: key, customer, what refused it, usage per meter and every amount. */
    get: (requestId: string, options?: RequestOptions): Answer<'GET /audit/{id}'> =>
      this.send('GET /audit/{id}', { params: { id: requestId } }, options),
    /** Where the CSV of every call these filters select downloads from (a link for a signed-in browser; `url` of the client). */
    exportUrl: (query: Query<'GET /audit/export'> = {}): string => this.url('GET /audit/export', { query }),
  };

  readonly webhooks = {
    createEndpoint: (body: CreateWebhookEndpointRequest, options?: RequestOptions): Answer<'POST /webhook-endpoints'> =>
      this.send('POST /webhook-endpoints', { body }, options),
    listEndpoints: (query: Query<'GET /webhook-endpoints'> = {}, options?: RequestOptions): Answer<'GET /webhook-endpoints'> =>
      this.send('GET /webhook-endpoints', { query }, options),
    getEndpoint: (id: string, options?: RequestOptions): Answer<'GET /webhook-endpoints/{id}'> =>
      this.send('GET /webhook-endpoints/{id}', { params: { id } }, options),
    updateEndpoint: (id: string, body: UpdateWebhookEndpointRequest, options?: RequestOptions): Answer<'PATCH /webhook-endpoints/{id}'> =>
      this.send('PATCH /webhook-endpoints/{id}', { params: { id }, body }, options),
    deleteEndpoint: (id: string, options?: RequestOptions): Answer<'DELETE /webhook-endpoints/{id}'> =>
      this.send('DELETE /webhook-endpoints/{id}', { params: { id } }, options),
    rotateSecret: (
      id: string,
      body: RotateWebhookSecretRequest = {},
      options?: RequestOptions,
    ): Answer<'POST /webhook-endpoints/{id}/rotate-secret'> =>
      this.send('POST /webhook-endpoints/{id}/rotate-secret', { params: { id }, body }, options),
    /** A signed `test` event to this endpoint only (202: the delivery, pending; it is in the delivery log). */
    sendTest: (id: string, options?: RequestOptions): Answer<'POST /webhook-endpoints/{id}/test'> =>
      this.send('POST /webhook-endpoints/{id}/test', { params: { id } }, options),
    listDeliveries: (query: Query<'GET /webhook-deliveries'> = {}, options?: RequestOptions): Answer<'GET /webhook-deliveries'> =>
      this.send('GET /webhook-deliveries', { query }, options),
    getDelivery: (id: string, options?: RequestOptions): Answer<'GET /webhook-deliveries/{id}'> =>
      this.send('GET /webhook-deliveries/{id}', { params: { id } }, options),
    redeliver: (id: string, options?: RequestOptions): Answer<'POST /webhook-deliveries/{id}/redeliver'> =>
      this.send('POST /webhook-deliveries/{id}/redeliver', { params: { id } }, options),
  };
}
