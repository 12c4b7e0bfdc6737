/**
 * The tenant's API (/api/reseller/v1), which the console calls with the session cookie: each
 * function one call of the SDK's ResellerClient (paths, bodies and answers are the generated
 * contract's). The pages only see this object.
 */
import { data, sdk } from './http';
import type {
  BudgetRequest,
  CreateCustomerRequest,
  CreateResellerKeyRequest,
  CreateWebhookEndpointRequest,
  CustomerStatus,
  LimitsBody,
  Meter,
  UpdateCustomerRequest,
  UpdateResellerKeyRequest,
  UpdateWebhookEndpointRequest,
  WebhookDeliveryState,
  WebhookEventType,
} from './openapi.generated';

export interface PageQuery {
  limit?: number;
  cursor?: string | null;
}

export interface ResellerAuditFilters {
  customer_id?: string;
  api_key_id?: string;
  slug?: string;
  status?: string;
  from?: string;
  to?: string;
}

export type UsageGroupBy = 'customer' | 'slug' | 'day';

/** Whose statement: the tenant's (every customer and its own keys together), or one customer's. */
export type StatementScope = { customerId: string | null };

/** An HTTP status filter as the forms hold it (digits, or nothing). */
export const statusFilter = (status: string | undefined) => (status ? Number(status) : undefined);

const client = sdk.reseller;

export const resellerApi = {
  me: () => data(client.me()),
  /** Owners (and management keys): from a public plan to another public one. Part of the console's contract (PUT /me/plan). */
  choosePlan: (planId: string | null) => data(client.choosePlan(planId)),

  customers: {
    /** `ids`: only these customers (at most 100; the others are simply absent). */
    /** `q`: the customers whose name starts with it (ignoring case) or whose external_id is it. */
    /** `status` as the page's URL has it: another value than the API's is the API's to refuse (400), as before. */
    list: (query: PageQuery & { q?: string; status?: string; external_id?: string; ids?: string[] } = {}) =>
      data(client.customers.list({ ...query, status: (query.status || undefined) as CustomerStatus | undefined })),
    get: (id: string) => data(client.customers.get(id)),
    create: (body: CreateCustomerRequest) => data(client.customers.create(body)),
    update: (id: string, body: UpdateCustomerRequest) => data(client.customers.update(id, body)),
    remove: (id: string) => data(client.customers.delete(id)),
    suspend: (id: string) => data(client.customers.suspend(id)),
    resume: (id: string) => data(client.customers.resume(id)),
    createKey: (id: string, body: CreateResellerKeyRequest) => data(client.customers.createKey(id, body)),
    limits: (id: string) => data(client.customers.getLimits(id)),
    setLimits: (id: string, body: LimitsBody) => data(client.customers.setLimits(id, body)),
    budget: (id: string) => data(client.customers.getBudget(id)),
    setBudget: (id: string, body: BudgetRequest) => data(client.customers.setBudget(id, body)),
    removeBudget: (id: string) => data(client.customers.deleteBudget(id)),
    prices: (id: string) => data(client.customers.listPrices(id)),
    setPrice: (id: string, slug: string, meter: Meter, priceUsdPerUnit: string) =>
      data(client.customers.setMeterPrice(id, slug, meter, priceUsdPerUnit)),
    removePrice: (id: string, slug: string, meter: Meter) => data(client.customers.deleteMeterPrice(id, slug, meter)),
    markups: (id: string) => data(client.customers.listMarkups(id)),
    /** `slug`: a catalog slug, or `*` for every slug. */
    setMarkup: (id: string, slug: string, markupBps: number) => data(client.customers.setMarkup(id, slug, markupBps)),
    removeMarkup: (id: string, slug: string) => data(client.customers.deleteMarkup(id, slug)),
  },

  keys: {
    /** `customer_id`: one customer's keys, or `none` for your own only; `ids`: only these keys (at most 100). */
    list: (query: PageQuery & { customer_id?: string; ids?: string[] } = {}) => data(client.keys.list(query)),
    get: (id: string) => data(client.keys.get(id)),
    create: (body: CreateResellerKeyRequest) => data(client.keys.create(body)),
    update: (id: string, body: UpdateResellerKeyRequest) => data(client.keys.update(id, body)),
    revoke: (id: string) => data(client.keys.revoke(id)),
    expire: (id: string) => data(client.keys.expire(id)),
    rotate: (id: string, graceSeconds?: number) =>
      data(client.keys.rotate(id, graceSeconds === undefined ? {} : { grace_seconds: graceSeconds })),
    limits: (id: string) => data(client.keys.getLimits(id)),
    setLimits: (id: string, body: LimitsBody) => data(client.keys.setLimits(id, body)),
    budget: (id: string) => data(client.keys.getBudget(id)),
    setBudget: (id: string, body: BudgetRequest) => data(client.keys.setBudget(id, body)),
    removeBudget: (id: string) => data(client.keys.deleteBudget(id)),
  },

  /** Fixed prices for every customer, per meter of a slug. */
  prices: {
    list: () => data(client.prices.list()),
    set: (slug: string, meter: Meter, priceUsdPerUnit: string) => data(client.prices.setMeter(slug, meter, priceUsdPerUnit)),
    remove: (slug: string, meter: Meter) => data(client.prices.deleteMeter(slug, meter)),
  },

  /** Markups for every customer over the reseller's resale figure, on a slug or on every slug (`*`). */
  markups: {
    list: () => data(client.markups.list()),
    set: (slug: string, markupBps: number) => data(client.markups.set(slug, markupBps)),
    remove: (slug: string) => data(client.markups.delete(slug)),
  },

  /** Owners only (and management keys): the keys a tenant's own backend calls this API with. */
  managementKeys: {
    list: (query: PageQuery = {}) => data(client.managementKeys.list(query)),
    create: (name?: string) => data(client.managementKeys.create(name ? { name } : {})),
    revoke: (id: string) => data(client.managementKeys.revoke(id)),
  },

  statements: {
    /** Statements, newest month first: the months not closed yet (open), then the closed ones. */
    list: ({ customerId }: StatementScope, query: PageQuery = {}) =>
      data(customerId ? client.statements.listForCustomer(customerId, query) : client.statements.list(query)),
    /** A month (YYYY-MM): closed, or open (live) while it is not closed yet. */
    get: ({ customerId }: StatementScope, month: string) =>
      data(customerId ? client.statements.getForCustomer(customerId, month) : client.statements.get(month)),
    /**
     * The CSV of a month, as a same-origin link: the browser downloads it with the session cookie
     * (a GET needs no CSRF token), and the server names the file (Content-Disposition).
     */
    csvUrl: ({ customerId }: StatementScope, month: string) =>
      customerId
        ? client.url('GET /customers/{id}/statements/{month}', { params: { id: customerId, month }, query: { format: 'csv' } })
        : client.url('GET /statements/{month}', { params: { month }, query: { format: 'csv' } }),
  },

  audit: ({ status, ...query }: PageQuery & ResellerAuditFilters) => data(client.audit.list({ ...query, status: statusFilter(status) })),
  usage: (query: { group_by: UsageGroupBy; from?: string; to?: string }) => data(client.usage.report(query)),

  webhooks: {
    list: (query: PageQuery = {}) => data(client.webhooks.listEndpoints(query)),
    create: (body: CreateWebhookEndpointRequest) => data(client.webhooks.createEndpoint(body)),
    update: (id: string, body: UpdateWebhookEndpointRequest) => data(client.webhooks.updateEndpoint(id, body)),
    remove: (id: string) => data(client.webhooks.deleteEndpoint(id)),
    rotateSecret: (id: string) => data(client.webhooks.rotateSecret(id)),
    deliveries: ({
      event,
      state,
      ...query
    }: PageQuery & { endpoint_id?: string; event?: WebhookEventType | ''; state?: WebhookDeliveryState | '' }) =>
      data(client.webhooks.listDeliveries({ ...query, event: event || undefined, state: state || undefined })),
    delivery: (id: string) => data(client.webhooks.getDelivery(id)),
    redeliver: (id: string) => data(client.webhooks.redeliver(id)),
  },
};
