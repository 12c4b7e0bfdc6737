/**
 * The tenant's keys (the reseller API's /keys, and a customer's keys): the cache keys of every key
 * query, and the hooks the keys' pages and actions use.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiKeyView, CreateResellerKeyRequest } from '@unified-api-gateway/sdk';
import { data, sdk } from '../../api/client';
import { PAGE_SIZE, useCursorList } from '../../components/Paging';
import { useToast } from '../../components/Toasts';
import { useNamesById } from '../../lib/use-names-by-id';
import type { BudgetSource } from '../budgets/budget-source';
import type { EffectiveLimitsSource } from '../limits/effective-limits-source';
import type { LimitsSource } from '../limits/limits-source';

export const keyKeys = {
  /** Every key query, the names looked up by id included (their scope). */
  all: ['keys'] as const,
  lists: () => [...keyKeys.all, 'list'] as const,
  /** Every key of the tenant (null), or one customer's. */
  list: (customerId: string | null) => [...keyKeys.lists(), customerId ?? 'every'] as const,
  /** The newest 500, as the audit trail's key filter offers them. */
  choices: () => [...keyKeys.all, 'choices'] as const,
  detail: (id: string) => [...keyKeys.all, 'detail', id] as const,
  limits: (id: string) => [...keyKeys.detail(id), 'limits'] as const,
  budget: (id: string) => [...keyKeys.detail(id), 'budget'] as const,
  effective: (id: string) => [...keyKeys.detail(id), 'effective'] as const,
  usage: (id: string) => [...keyKeys.detail(id), 'usage'] as const,
};

export function useKeys() {
  return useCursorList(keyKeys.list(null), (cursor) => data(sdk.reseller.keys.list({ limit: PAGE_SIZE, cursor })));
}

export function useCustomerKeys(customerId: string) {
  return useCursorList(keyKeys.list(customerId), (cursor) =>
    data(sdk.reseller.keys.list({ limit: PAGE_SIZE, cursor, customer_id: customerId })),
  );
}

export function useKeyChoices() {
  return useQuery({ queryKey: keyKeys.choices(), queryFn: () => data(sdk.reseller.keys.list({ limit: 500 })) });
}

export function useKey(id: string | null) {
  return useQuery({ queryKey: keyKeys.detail(id ?? ''), queryFn: () => data(sdk.reseller.keys.get(id!)), enabled: id !== null });
}

/** Names of the keys whose ids are on screen (the audit trail's rows): the name, else the prefix. */
export function useKeyNames(ids: Iterable<string | null | undefined>) {
  return useNamesById({
    scope: keyKeys.all,
    ids,
    fetch: (chunk) => data(sdk.reseller.keys.list({ ids: chunk, limit: chunk.length })),
    nameOf: (key) => key.name || key.prefix,
  });
}

export const keyLimits = (id: string): LimitsSource => ({
  queryKey: keyKeys.limits(id),
  load: () => data(sdk.reseller.keys.getLimits(id)),
  save: (body) => data(sdk.reseller.keys.setLimits(id, body)),
  affects: keyKeys.effective(id),
});

export const keyEffectiveLimits = (id: string): EffectiveLimitsSource => ({
  queryKey: keyKeys.effective(id),
  load: () => data(sdk.reseller.keys.effectiveLimits(id)),
  usageKey: keyKeys.usage(id),
  loadUsage: () => data(sdk.reseller.keys.usage(id)),
});

export const keyBudget = (id: string): BudgetSource => ({
  queryKey: keyKeys.budget(id),
  load: () => data(sdk.reseller.keys.getBudget(id)),
  save: (body) => data(sdk.reseller.keys.setBudget(id, body)),
  remove: () => data(sdk.reseller.keys.deleteBudget(id)),
  affects: keyKeys.effective(id),
});

/** A key of the tenant's own, or of a customer. Its answer holds the secret: not kept in the mutation cache. */
export function useCreateKey(customerId?: string) {
  const queryClient = useQueryClient();
  return useMutation({
    gcTime: 0,
    mutationFn: (body: CreateResellerKeyRequest) =>
      data(customerId ? sdk.reseller.customers.createKey(customerId, body) : sdk.reseller.keys.create(body)),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: keyKeys.all }),
  });
}

/** After a change of one key: its page shows the answer, the lists ask again, and a toast says what happened. */
function useKeyChanged(id: string) {
  const queryClient = useQueryClient();
  const toast = useToast();
  return (next: ApiKeyView, message?: string) => {
    queryClient.setQueryData(keyKeys.detail(id), next);
    void queryClient.invalidateQueries({ queryKey: keyKeys.lists() });
    if (message) toast(message);
  };
}

export function useRenameKey(id: string) {
  const changed = useKeyChanged(id);
  return useMutation({
    mutationFn: (name: string) => data(sdk.reseller.keys.update(id, { name: name.trim() })),
    onSuccess: (next) => changed(next, 'Key renamed'),
  });
}

export function useRevokeKey(id: string) {
  const changed = useKeyChanged(id);
  return useMutation({ mutationFn: () => data(sdk.reseller.keys.revoke(id)), onSuccess: (next) => changed(next, 'Key revoked') });
}

export function useExpireKey(id: string) {
  const changed = useKeyChanged(id);
  return useMutation({ mutationFn: () => data(sdk.reseller.keys.expire(id)), onSuccess: (next) => changed(next, 'Key expired') });
}

/** A new secret for the key; the old one keeps working for the grace period. The answer holds the secret. */
export function useRotateKey(id: string) {
  const changed = useKeyChanged(id);
  return useMutation({
    gcTime: 0,
    mutationFn: (graceSeconds: number) => data(sdk.reseller.keys.rotate(id, { grace_seconds: graceSeconds })),
    onSuccess: (result) => changed(result.previous),
  });
}
