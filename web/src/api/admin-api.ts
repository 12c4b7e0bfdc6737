/**
 * The operator API (/api/admin/v1), which the admin area calls with an operator's session cookie.
 * Paths, bodies and answers are the server's (openapi.generated.ts).
 */
import { api, queryString, type Page } from './http';
import type {
  ApiKeyView,
  AuditRecordView,
  BudgetRequest,
  BudgetView,
  CatalogEntryView,
  CatalogListView,
  CreateCatalogEntryRequest,
  CreateOperatorRequest,
  CreatePlanRequest,
  CreateTenantRequest,
  CustomerView,
  EndpointLatencyListView,
  ManagementKeyView,
  ModelAliasListView,
  ModelAliasView,
  ModelRequest,
  OperatorStatementSummaryView,
  OperatorStatementView,
  PlanView,
  RevenueReportView,
  TenantView,
  UpdateCatalogEntryRequest,
  UpdatePlanRequest,
  UpdateTenantRequest,
  UpstreamRequest,
  UserView,
} from './openapi.generated';
import type { PageQuery } from './reseller-api';

const BASE = '/api/admin/v1';

export interface AdminAuditFilters {
  tenant_id?: string;
  customer_id?: string;
  api_key_id?: string;
  slug?: string;
  status?: string;
  from?: string;
  to?: string;
}

function statementsPath(tenantId: string, customerId: string | null): string {
  return customerId ? `${BASE}/tenants/${tenantId}/customers/${customerId}/statements` : `${BASE}/tenants/${tenantId}/statements`;
}

export type RevenueGroupBy = 'tenant' | 'slug' | 'day';

export const adminApi = {
  tenants: {
    /** `ids`: only these tenants (at most 100; unknown ids are simply absent); `q`: those whose name starts with it (ignoring case). */
    list: ({ ids, ...query }: PageQuery & { q?: string; ids?: string[] } = {}) =>
      api.get<Page<TenantView>>(`${BASE}/tenants`, { ...query, ids: ids?.join(',') }),
    get: (id: string) => api.get<TenantView>(`${BASE}/tenants/${id}`),
    create: (body: CreateTenantRequest) => api.post<TenantView>(`${BASE}/tenants`, body),
    update: (id: string, body: UpdateTenantRequest) => api.patch<TenantView>(`${BASE}/tenants/${id}`, body),
    budget: (id: string) => api.get<BudgetView>(`${BASE}/tenants/${id}/budget`),
    setBudget: (id: string, body: BudgetRequest) => api.put<BudgetView>(`${BASE}/tenants/${id}/budget`, body),
    removeBudget: (id: string) => api.delete(`${BASE}/tenants/${id}/budget`),
    keys: (id: string, query: PageQuery = {}) => api.get<Page<ApiKeyView>>(`${BASE}/tenants/${id}/keys`, { ...query }),
    managementKeys: (id: string, query: PageQuery = {}) =>
      api.get<Page<ManagementKeyView>>(`${BASE}/tenants/${id}/management-keys`, { ...query }),
    customers: (id: string, query: PageQuery = {}) => api.get<Page<CustomerView>>(`${BASE}/tenants/${id}/customers`, { ...query }),
  },
  /**
   * Statements of a tenant (`customerId` null) or of one of its customers: the closed months, and
   * one month (closed, or the month in progress) as JSON or, through `csvUrl`, as a CSV download.
   */
  statements: {
    list: (tenantId: string, customerId: string | null, query: PageQuery = {}) =>
      api.get<Page<OperatorStatementSummaryView>>(statementsPath(tenantId, customerId), { ...query }),
    get: (tenantId: string, customerId: string | null, month: string) =>
      api.get<OperatorStatementView>(`${statementsPath(tenantId, customerId)}/${month}`),
    csvUrl: (tenantId: string, customerId: string | null, month: string) =>
      `${statementsPath(tenantId, customerId)}/${month}${queryString({ format: 'csv' })}`,
  },

  operators: {
    list: (query: PageQuery = {}) => api.get<Page<UserView>>(`${BASE}/operators`, { ...query }),
    create: (body: CreateOperatorRequest) => api.post<UserView>(`${BASE}/operators`, body),
    remove: (id: string) => api.delete(`${BASE}/operators/${id}`),
  },

  revokeKey: (id: string) => api.post<ApiKeyView>(`${BASE}/keys/${id}/revoke`),

  plans: {
    list: (query: PageQuery = {}) => api.get<Page<PlanView>>(`${BASE}/plans`, { ...query }),
    get: (id: string) => api.get<PlanView>(`${BASE}/plans/${id}`),
    create: (body: CreatePlanRequest) => api.post<PlanView>(`${BASE}/plans`, body),
    update: (id: string, body: UpdatePlanRequest) => api.patch<PlanView>(`${BASE}/plans/${id}`, body),
    remove: (id: string) => api.delete(`${BASE}/plans/${id}`),
  },

  catalog: {
    list: () => api.get<CatalogListView>(`${BASE}/catalog`),
    get: (slug: string) => api.get<CatalogEntryView>(`${BASE}/catalog/${slug}`),
    create: (body: CreateCatalogEntryRequest) => api.post<CatalogEntryView>(`${BASE}/catalog`, body),
    update: (slug: string, body: UpdateCatalogEntryRequest) => api.patch<CatalogEntryView>(`${BASE}/catalog/${slug}`, body),
    setLimit: (slug: string, requestsPerWindow: number | null) =>
      api.put<CatalogEntryView>(`${BASE}/catalog/${slug}/limit`, { requests_per_window: requestsPerWindow }),
    setUpstreams: (slug: string, upstreams: UpstreamRequest[]) =>
      api.put<CatalogEntryView>(`${BASE}/catalog/${slug}/upstreams`, { upstreams }),
    setModels: (slug: string, models: ModelRequest[]) => api.put<CatalogEntryView>(`${BASE}/catalog/${slug}/models`, { models }),
  },

  /** Model aliases of the OpenAI-compatible API; an alias may hold '/', hence the encoding. */
  modelAliases: {
    list: () => api.get<ModelAliasListView>(`${BASE}/model-aliases`),
    set: (alias: string, target: string) => api.put<ModelAliasView>(`${BASE}/model-aliases/${encodeURIComponent(alias)}`, { target }),
    remove: (alias: string) => api.delete(`${BASE}/model-aliases/${encodeURIComponent(alias)}`),
  },

  audit: (query: PageQuery & AdminAuditFilters) => api.get<Page<AuditRecordView>>(`${BASE}/audit`, { ...query }),
  revenue: (query: { group_by: RevenueGroupBy; from?: string; to?: string }) =>
    api.get<RevenueReportView>(`${BASE}/reports/revenue`, { ...query }),
  latency: () => api.get<EndpointLatencyListView>(`${BASE}/reports/latency`),
};
