/**
 * The operator API (/api/admin/v1), which the admin area calls with an operator's session cookie:
 * each function one call of the SDK's AdminClient (paths, bodies and answers are the generated
 * contract's).
 */
import { data, sdk } from './http';
import type {
  BudgetRequest,
  CreateCatalogEntryRequest,
  CreateOperatorRequest,
  CreatePlanRequest,
  CreateTenantRequest,
  ModelRequest,
  UpdateCatalogEntryRequest,
  UpdatePlanRequest,
  UpdateTenantRequest,
  UpstreamRequest,
} from './openapi.generated';
import { statusFilter, type PageQuery } from './reseller-api';

export interface AdminAuditFilters {
  tenant_id?: string;
  customer_id?: string;
  api_key_id?: string;
  slug?: string;
  status?: string;
  from?: string;
  to?: string;
}

export type RevenueGroupBy = 'tenant' | 'slug' | 'day';

const client = sdk.admin;

export const adminApi = {
  tenants: {
    /** `ids`: only these tenants (at most 100; unknown ids are simply absent); `q`: those whose name starts with it (ignoring case). */
    list: (query: PageQuery & { q?: string; ids?: string[] } = {}) => data(client.tenants.list(query)),
    get: (id: string) => data(client.tenants.get(id)),
    create: (body: CreateTenantRequest) => data(client.tenants.create(body)),
    update: (id: string, body: UpdateTenantRequest) => data(client.tenants.update(id, body)),
    budget: (id: string) => data(client.tenants.getBudget(id)),
    setBudget: (id: string, body: BudgetRequest) => data(client.tenants.setBudget(id, body)),
    removeBudget: (id: string) => data(client.tenants.deleteBudget(id)),
    keys: (id: string, query: PageQuery = {}) => data(client.tenants.listKeys(id, query)),
    managementKeys: (id: string, query: PageQuery = {}) => data(client.tenants.listManagementKeys(id, query)),
    customers: (id: string, query: PageQuery = {}) => data(client.tenants.listCustomers(id, query)),
  },
  /**
   * Statements of a tenant (`customerId` null) or of one of its customers: the closed months, and
   * one month (closed, or the month in progress) as JSON or, through `csvUrl`, as a CSV download.
   */
  statements: {
    list: (tenantId: string, customerId: string | null, query: PageQuery = {}) =>
      data(customerId ? client.statements.listForCustomer(tenantId, customerId, query) : client.statements.list(tenantId, query)),
    get: (tenantId: string, customerId: string | null, month: string) =>
      data(customerId ? client.statements.getForCustomer(tenantId, customerId, month) : client.statements.get(tenantId, month)),
    csvUrl: (tenantId: string, customerId: string | null, month: string) =>
      customerId
        ? client.url('GET /tenants/{id}/customers/{customerId}/statements/{month}', {
            params: { id: tenantId, customerId, month },
            query: { format: 'csv' },
          })
        : client.url('GET /tenants/{id}/statements/{month}', { params: { id: tenantId, month }, query: { format: 'csv' } }),
  },

  operators: {
    list: (query: PageQuery = {}) => data(client.operators.list(query)),
    create: (body: CreateOperatorRequest) => data(client.operators.create(body)),
    remove: (id: string) => data(client.operators.delete(id)),
  },

  revokeKey: (id: string) => data(client.keys.revoke(id)),

  plans: {
    list: (query: PageQuery = {}) => data(client.plans.list(query)),
    get: (id: string) => data(client.plans.get(id)),
    create: (body: CreatePlanRequest) => data(client.plans.create(body)),
    update: (id: string, body: UpdatePlanRequest) => data(client.plans.update(id, body)),
    remove: (id: string) => data(client.plans.delete(id)),
  },

  catalog: {
    list: () => data(client.catalog.list()),
    get: (slug: string) => data(client.catalog.get(slug)),
    create: (body: CreateCatalogEntryRequest) => data(client.catalog.create(body)),
    update: (slug: string, body: UpdateCatalogEntryRequest) => data(client.catalog.update(slug, body)),
    setLimit: (slug: string, requestsPerWindow: number | null) => data(client.catalog.setLimit(slug, requestsPerWindow)),
    setUpstreams: (slug: string, upstreams: UpstreamRequest[]) => data(client.catalog.setUpstreams(slug, upstreams)),
    setModels: (slug: string, models: ModelRequest[]) => data(client.catalog.setModels(slug, models)),
  },

  /** Model aliases of the OpenAI-compatible API; an alias may hold '/' (the SDK encodes it). */
  modelAliases: {
    list: () => data(client.modelAliases.list()),
    set: (alias: string, target: string) => data(client.modelAliases.set(alias, target)),
    remove: (alias: string) => data(client.modelAliases.delete(alias)),
  },

  audit: ({ status, ...query }: PageQuery & AdminAuditFilters) => data(client.audit.list({ ...query, status: statusFilter(status) })),
  revenue: (query: { group_by: RevenueGroupBy; from?: string; to?: string }) => data(client.reports.revenue(query)),
  latency: () => data(client.reports.latency()),
};
