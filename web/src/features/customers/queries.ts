/** A reseller's customers (the reseller API's /customers): the cache keys of every customer query, and their hooks. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { CreateCustomerRequest, CustomerStatus, UpdateCustomerRequest } from '@unified-api-gateway/sdk';
import { data, sdk } from '../../api/client';
import { PAGE_SIZE, useCursorList } from '../../components/Paging';
import type { PickerOption } from '../../components/SearchPicker';
import { useToast } from '../../components/Toasts';
import { shortId } from '../../lib/format';
import { useNamesById } from '../../lib/use-names-by-id';
import type { BudgetSource } from '../budgets/budget-source';
import { keyKeys } from '../keys/queries';
import type { LimitsSource } from '../limits/limits-source';

export const customerKeys = {
  /** Every customer query, the names looked up by id included (their scope). */
  all: ['customers'] as const,
  list: (status: string, q = '') => [...customerKeys.all, 'list', status, q] as const,
  search: () => [...customerKeys.all, 'search'] as const,
  detail: (id: string) => [...customerKeys.all, 'detail', id] as const,
  limits: (id: string) => [...customerKeys.detail(id), 'limits'] as const,
  budget: (id: string) => [...customerKeys.detail(id), 'budget'] as const,
};

/**
 * `status` as the page's URL has it: '' for every customer, else active or suspended (another value
 * is the API's to refuse, 400).
 */
/** `q`: the API's search (name prefix, or the exact external id); '' for all. */
export function useCustomers(status: string, q = '') {
  return useCursorList(customerKeys.list(status, q), (cursor) =>
    data(
      sdk.reseller.customers.list({
        limit: PAGE_SIZE,
        cursor,
        status: (status || undefined) as CustomerStatus | undefined,
        q: q || undefined,
      }),
    ),
  );
}

export function useCustomer(id: string | undefined) {
  return useQuery({
    queryKey: customerKeys.detail(id ?? ''),
    queryFn: () => data(sdk.reseller.customers.get(id!)),
    enabled: id !== undefined,
  });
}

/** The customers whose name starts with `q` (or whose external id is it), as a picker offers them. */
export async function searchCustomers(q: string, limit: number): Promise<PickerOption[]> {
  const page = await data(sdk.reseller.customers.list({ q, limit }));
  return page.data.map((c) => ({ value: c.id, label: c.name, detail: c.external_id ?? undefined }));
}

/**
 * Names of the tenant's customers for the ids on screen (keys, audit, usage rows carry only the id),
 * looked up by id however many customers the tenant has. Meanwhile a row shows the short id; a
 * customer the list no longer holds (deleted) shows its short id, marked deleted. No id: your own keys.
 */
export function useCustomerNames(ids: Iterable<string | null | undefined>, enabled = true) {
  const names = useNamesById({
    scope: customerKeys.all,
    ids,
    fetch: (chunk) => data(sdk.reseller.customers.list({ ids: chunk, limit: chunk.length })),
    nameOf: (customer) => customer.name,
    enabled,
  });
  return (id: string | null | undefined) => {
    if (!id) return 'Your own keys';
    if (names.absent(id)) return `${shortId(id)} (deleted)`;
    return names.name(id) ?? shortId(id);
  };
}

export const customerLimits = (id: string): LimitsSource => ({
  queryKey: customerKeys.limits(id),
  load: () => data(sdk.reseller.customers.getLimits(id)),
  save: (body) => data(sdk.reseller.customers.setLimits(id, body)),
});

export const customerBudget = (id: string): BudgetSource => ({
  queryKey: customerKeys.budget(id),
  load: () => data(sdk.reseller.customers.getBudget(id)),
  save: (body) => data(sdk.reseller.customers.setBudget(id, body)),
  remove: () => data(sdk.reseller.customers.deleteBudget(id)),
});

/** Creates a customer and opens its page. */
export function useCreateCustomer() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: (body: CreateCustomerRequest) => data(sdk.reseller.customers.create(body)),
    onSuccess: (customer) => {
      void queryClient.invalidateQueries({ queryKey: customerKeys.all });
      void navigate(`/console/customers/${customer.id}`);
    },
  });
}

/** After a change of a customer: every customer query asks again (its name is in lists and lookups), and a toast says so. */
function useCustomerChanged() {
  const queryClient = useQueryClient();
  const toast = useToast();
  return (message: string) => {
    void queryClient.invalidateQueries({ queryKey: customerKeys.all });
    toast(message);
  };
}

export function useUpdateCustomer(id: string) {
  const changed = useCustomerChanged();
  return useMutation({
    mutationFn: (body: UpdateCustomerRequest) => data(sdk.reseller.customers.update(id, body)),
    onSuccess: () => changed('Customer saved'),
  });
}

export function useSuspendCustomer(id: string) {
  const changed = useCustomerChanged();
  return useMutation({ mutationFn: () => data(sdk.reseller.customers.suspend(id)), onSuccess: () => changed('Customer suspended') });
}

export function useResumeCustomer(id: string) {
  const changed = useCustomerChanged();
  return useMutation({ mutationFn: () => data(sdk.reseller.customers.resume(id)), onSuccess: () => changed('Customer resumed') });
}

/** Deletes a customer (its keys are revoked with it) and goes back to the list. */
export function useDeleteCustomer(id: string) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const toast = useToast();
  return useMutation({
    mutationFn: () => data(sdk.reseller.customers.delete(id)),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: customerKeys.all });
      void queryClient.invalidateQueries({ queryKey: keyKeys.all });
      toast('Customer deleted');
      void navigate('/console/customers', { replace: true });
    },
  });
}
