/**
 * The tenant's API (/api/reseller/v1), which the console calls with the session cookie. Paths,
 * bodies and answers are the server's (openapi.generated.ts). When the SDK's ResellerClient lands it
 * can replace these functions one for one: the pages only see this object.
 */
import { api, type Page } from './http';
import type {
  ApiKeyView,
  BudgetRequest,
  BudgetView,
  CreateCustomerRequest,
  CreateResellerKeyRequest,
  CreateWebhookEndpointRequest,
  CreatedApiKeyView,
  CreatedManagementKeyView,
  CustomerView,
  LimitsBody,
  ManagementKeyView,
  MeView,
  MarkupListView,
  MarkupView,
  Meter,
  PriceListView,
  PriceView,
  ResellerAuditRecordView,
  RotatedApiKeyView,
  StatementSummaryView,
  StatementView,
  UpdateCustomerRequest,
  UpdateResellerKeyRequest,
  UpdateWebhookEndpointRequest,
  UsageReportView,
  WebhookDeliveryDetailView,
  WebhookDeliveryView,
  WebhookEndpointView,
  WebhookEndpointWithSecretView,
  WebhookEventType,
  WebhookDeliveryState,
} from './openapi.generated';

const BASE = '/api/reseller/v1';

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

const statementsPath = ({ customerId }: StatementScope) =>
  customerId ? `${BASE}/customers/${customerId}/statements` : `${BASE}/statements`;

export const resellerApi = {
  me: () => api.get<MeView>(`${BASE}/me`),
  /** Owners (and management keys): from a public plan to another public one. Part of the console's contract (PUT /me/plan). */
  choosePlan: (planId: string | null) => api.put<MeView>(`${BASE}/me/plan`, { plan_id: planId }),

  customers: {
    /** `ids`: only these customers (at most 100; the others are simply absent). */
    /** `q`: the customers whose name starts with it (ignoring case) or whose external_id is it. */
    list: ({ ids, ...query }: PageQuery & { q?: string; status?: string; external_id?: string; ids?: string[] } = {}) =>
      api.get<Page<CustomerView>>(`${BASE}/customers`, { ...query, ids: ids?.join(',') }),
    get: (id: string) => api.get<CustomerView>(`${BASE}/customers/${id}`),
    create: (body: CreateCustomerRequest) => api.post<CustomerView>(`${BASE}/customers`, body),
    update: (id: string, body: UpdateCustomerRequest) => api.patch<CustomerView>(`${BASE}/customers/${id}`, body),
    remove: (id: string) => api.delete(`${BASE}/customers/${id}`),
    suspend: (id: string) => api.post<CustomerView>(`${BASE}/customers/${id}/suspend`),
    resume: (id: string) => api.post<CustomerView>(`${BASE}/customers/${id}/resume`),
    createKey: (id: string, body: CreateResellerKeyRequest) => api.post<CreatedApiKeyView>(`${BASE}/customers/${id}/keys`, body),
    limits: (id: string) => api.get<LimitsBody>(`${BASE}/customers/${id}/limits`),
    setLimits: (id: string, body: LimitsBody) => api.put<LimitsBody>(`${BASE}/customers/${id}/limits`, body),
    budget: (id: string) => api.get<BudgetView>(`${BASE}/customers/${id}/budget`),
    setBudget: (id: string, body: BudgetRequest) => api.put<BudgetView>(`${BASE}/customers/${id}/budget`, body),
    removeBudget: (id: string) => api.delete(`${BASE}/customers/${id}/budget`),
    prices: (id: string) => api.get<PriceListView>(`${BASE}/customers/${id}/prices`),
    setPrice: (id: string, slug: string, meter: Meter, priceUsdPerUnit: string) =>
      api.put<PriceView>(`${BASE}/customers/${id}/prices/${slug}/meters/${meter}`, { price_usd_per_unit: priceUsdPerUnit }),
    removePrice: (id: string, slug: string, meter: Meter) => api.delete(`${BASE}/customers/${id}/prices/${slug}/meters/${meter}`),
    markups: (id: string) => api.get<MarkupListView>(`${BASE}/customers/${id}/markups`),
    /** `slug`: a catalog slug, or `*` for every slug. */
    setMarkup: (id: string, slug: string, markupBps: number) =>
      api.put<MarkupView>(`${BASE}/customers/${id}/markups/${encodeURIComponent(slug)}`, { markup_bps: markupBps }),
    removeMarkup: (id: string, slug: string) => api.delete(`${BASE}/customers/${id}/markups/${encodeURIComponent(slug)}`),
  },

  keys: {
    /** `customer_id`: one customer's keys, or `none` for your own only; `ids`: only these keys (at most 100). */
    list: ({ ids, ...query }: PageQuery & { customer_id?: string; ids?: string[] } = {}) =>
      api.get<Page<ApiKeyView>>(`${BASE}/keys`, { ...query, ids: ids?.join(',') }),
    get: (id: string) => api.get<ApiKeyView>(`${BASE}/keys/${id}`),
    create: (body: CreateResellerKeyRequest) => api.post<CreatedApiKeyView>(`${BASE}/keys`, body),
    update: (id: string, body: UpdateResellerKeyRequest) => api.patch<ApiKeyView>(`${BASE}/keys/${id}`, body),
    revoke: (id: string) => api.post<ApiKeyView>(`${BASE}/keys/${id}/revoke`),
    expire: (id: string) => api.post<ApiKeyView>(`${BASE}/keys/${id}/expire`),
    rotate: (id: string, graceSeconds?: number) =>
      api.post<RotatedApiKeyView>(`${BASE}/keys/${id}/rotate`, graceSeconds === undefined ? {} : { grace_seconds: graceSeconds }),
    limits: (id: string) => api.get<LimitsBody>(`${BASE}/keys/${id}/limits`),
    setLimits: (id: string, body: LimitsBody) => api.put<LimitsBody>(`${BASE}/keys/${id}/limits`, body),
    budget: (id: string) => api.get<BudgetView>(`${BASE}/keys/${id}/budget`),
    setBudget: (id: string, body: BudgetRequest) => api.put<BudgetView>(`${BASE}/keys/${id}/budget`, body),
    removeBudget: (id: string) => api.delete(`${BASE}/keys/${id}/budget`),
  },

  /** Fixed prices for every customer, per meter of a slug. */
  prices: {
    list: () => api.get<PriceListView>(`${BASE}/prices`),
    set: (slug: string, meter: Meter, priceUsdPerUnit: string) =>
      api.put<PriceView>(`${BASE}/prices/${slug}/meters/${meter}`, { price_usd_per_unit: priceUsdPerUnit }),
    remove: (slug: string, meter: Meter) => api.delete(`${BASE}/prices/${slug}/meters/${meter}`),
  },

  /** Markups for every customer over the reseller's resale figure, on a slug or on every slug (`*`). */
  markups: {
    list: () => api.get<MarkupListView>(`${BASE}/markups`),
    set: (slug: string, markupBps: number) => api.put<MarkupView>(`${BASE}/markups/${encodeURIComponent(slug)}`, { markup_bps: markupBps }),
    remove: (slug: string) => api.delete(`${BASE}/markups/${encodeURIComponent(slug)}`),
  },

  /** Owners only (and management keys): the keys a tenant's own backend calls this API with. */
  managementKeys: {
    list: (query: PageQuery = {}) => api.get<Page<ManagementKeyView>>(`${BASE}/management-keys`, { ...query }),
    create: (name?: string) => api.post<CreatedManagementKeyView>(`${BASE}/management-keys`, name ? { name } : {}),
    revoke: (id: string) => api.post<ManagementKeyView>(`${BASE}/management-keys/${id}/revoke`),
  },

  statements: {
    /** Statements, newest month first: the months not closed yet (open), then the closed ones. */
    list: (scope: StatementScope, query: PageQuery = {}) => api.get<Page<StatementSummaryView>>(statementsPath(scope), { ...query }),
    /** A month (YYYY-MM): closed, or open (live) while it is not closed yet. */
    get: (scope: StatementScope, month: string) => api.get<StatementView>(`${statementsPath(scope)}/${month}`),
    /**
     * The CSV of a month, as a same-origin link: the browser downloads it with the session cookie
     * (a GET needs no CSRF token), and the server names the file (Content-Disposition).
     */
    csvUrl: (scope: StatementScope, month: string) => `${statementsPath(scope)}/${month}?format=csv`,
  },

  audit: (query: PageQuery & ResellerAuditFilters) => api.get<Page<ResellerAuditRecordView>>(`${BASE}/audit`, { ...query }),
  usage: (query: { group_by: UsageGroupBy; from?: string; to?: string }) => api.get<UsageReportView>(`${BASE}/reports/usage`, { ...query }),

  webhooks: {
    list: (query: PageQuery = {}) => api.get<Page<WebhookEndpointView>>(`${BASE}/webhook-endpoints`, { ...query }),
    create: (body: CreateWebhookEndpointRequest) => api.post<WebhookEndpointWithSecretView>(`${BASE}/webhook-endpoints`, body),
    update: (id: string, body: UpdateWebhookEndpointRequest) => api.patch<WebhookEndpointView>(`${BASE}/webhook-endpoints/${id}`, body),
    remove: (id: string) => api.delete(`${BASE}/webhook-endpoints/${id}`),
    rotateSecret: (id: string) => api.post<WebhookEndpointWithSecretView>(`${BASE}/webhook-endpoints/${id}/rotate-secret`),
    deliveries: (query: PageQuery & { endpoint_id?: string; event?: WebhookEventType | ''; state?: WebhookDeliveryState | '' }) =>
      api.get<Page<WebhookDeliveryView>>(`${BASE}/webhook-deliveries`, { ...query }),
    delivery: (id: string) => api.get<WebhookDeliveryDetailView>(`${BASE}/webhook-deliveries/${id}`),
    redeliver: (id: string) => api.post<WebhookDeliveryView>(`${BASE}/webhook-deliveries/${id}/redeliver`),
  },
};
