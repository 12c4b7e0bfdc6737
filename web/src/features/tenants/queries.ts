/** Every tenant, as the operator manages them (the operator API's /tenants): the cache keys of every tenant query, and their hooks. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { CreateTenantRequest, UpdateTenantRequest } from '@unified-api-gateway/sdk';
import { data } from '../../api/client';
import { adminSdk } from '../../api/admin-client';
import { PAGE_SIZE, useCursorList } from '../../components/Paging';
import type { PickerOption } from '../../components/SearchPicker';
import { useToast } from '../../components/Toasts';
import { shortId } from '../../lib/format';
import { useNamesById } from '../../lib/use-names-by-id';
import type { BudgetSource } from '../budgets/budget-source';

export const tenantKeys = {
  /** Every tenant query, the names looked up by id included (their scope). */
  all: ['admin', 'tenants'] as const,
  /** Every page of the list, whatever the search. */
  lists: () => [...tenantKeys.all, 'list'] as const,
  list: (q = '') => [...tenantKeys.lists(), q] as const,
  search: () => [...tenantKeys.all, 'search'] as const,
  /** A tenant, and below it everything of it (its keys, customers, users, budget, statements). */
  detail: (id: string) => [...tenantKeys.all, 'detail', id] as const,
  keys: (id: string) => [...tenantKeys.detail(id), 'keys'] as const,
  customers: (id: string) => [...tenantKeys.detail(id), 'customers'] as const,
  budget: (id: string) => [...tenantKeys.detail(id), 'budget'] as const,
  users: (id: string) => [...tenantKeys.detail(id), 'users'] as const,
};

/** `q`: the API's search (name prefix, ignoring case); '' for all. */
export function useTenants(q = '') {
  return useCursorList(tenantKeys.list(q), (cursor) => data(adminSdk.tenants.list({ limit: PAGE_SIZE, cursor, q: q || undefined })));
}

export function useTenant(id: string) {
  return useQuery({ queryKey: tenantKeys.detail(id), queryFn: () => data(adminSdk.tenants.get(id)) });
}

export function useTenantKeys(id: string) {
  return useCursorList(tenantKeys.keys(id), (cursor) => data(adminSdk.tenants.listKeys(id, { limit: PAGE_SIZE, cursor })));
}

/** The tenant's users (name, email, role, last sign-in): whom the operator reaches the tenant through. */
export function useTenantUsers(id: string) {
  return useCursorList(tenantKeys.users(id), (cursor) => data(adminSdk.tenants.users(id, { limit: PAGE_SIZE, cursor })));
}

/** A reseller's customers (`enabled` only for a reseller). */
export function useTenantCustomers(id: string, enabled: boolean) {
  return useCursorList(
    tenantKeys.customers(id),
    (cursor) => data(adminSdk.tenants.listCustomers(id, { limit: PAGE_SIZE, cursor })),
    enabled,
  );
}

export const tenantBudget = (id: string): BudgetSource => ({
  queryKey: tenantKeys.budget(id),
  load: () => data(adminSdk.tenants.getBudget(id)),
  save: (body) => data(adminSdk.tenants.setBudget(id, body)),
  remove: () => data(adminSdk.tenants.deleteBudget(id)),
});

/** The tenants whose name starts with `q` (ignoring case), as a picker offers them. */
export async function searchTenants(q: string, limit: number): Promise<PickerOption[]> {
  return (await data(adminSdk.tenants.list({ q, limit }))).data.map((t) => ({ value: t.id, label: t.name }));
}

/**
 * Tenant names for the ids on screen (audit, revenue rows carry only the id), looked up by id
 * however many tenants there are; the short id meanwhile, and for an id no tenant has.
 */
export function useTenantNames(ids: Iterable<string | null | undefined>, enabled = true) {
  const names = useNamesById({
    scope: tenantKeys.all,
    ids,
    fetch: (chunk) => data(adminSdk.tenants.list({ ids: chunk, limit: chunk.length })),
    nameOf: (tenant) => tenant.name,
    enabled,
  });
  return (id: string | null) => (id ? (names.name(id) ?? shortId(id)) : '—');
}

/** Creates a tenant and opens its page. */
export function useCreateTenant() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const toast = useToast();
  return useMutation({
    mutationFn: (body: CreateTenantRequest) => data(adminSdk.tenants.create(body)),
    onSuccess: (tenant) => {
      void queryClient.invalidateQueries({ queryKey: tenantKeys.all });
      toast(`Tenant ${tenant.name} created`);
      void navigate(`/admin/tenants/${tenant.id}`);
    },
  });
}

/** Changes a tenant: its account (name, kind, plan, limit), or its status (suspend, resume). */
export function useUpdateTenant(id: string) {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: (body: UpdateTenantRequest) => data(adminSdk.tenants.update(id, body)),
    onSuccess: (next, body) => {
      queryClient.setQueryData(tenantKeys.detail(id), next);
      void queryClient.invalidateQueries({ queryKey: tenantKeys.lists() });
      toast(body.status === 'suspended' ? 'Tenant suspended' : body.status === 'active' ? 'Tenant resumed' : 'Tenant saved');
    },
  });
}

/** Revokes a key of the tenant (or of its customers). */
export function useRevokeTenantKey(tenantId: string) {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: (keyId: string) => data(adminSdk.keys.revoke(keyId)),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: tenantKeys.keys(tenantId) });
      toast('Key revoked');
    },
  });
}
