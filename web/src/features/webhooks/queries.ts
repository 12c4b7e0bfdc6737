/** Webhook endpoints and their delivery log (the reseller API's /webhook-endpoints and /webhook-deliveries): cache keys and hooks. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateWebhookEndpointRequest, WebhookDeliveryState, WebhookEventType } from '../../api/openapi.generated';
import { resellerApi } from '../../api/reseller-api';
import { PAGE_SIZE, useCursorList } from '../../components/Paging';
import { useToast } from '../../components/Toasts';

export interface DeliveryFilters {
  endpoint_id: string;
  event: WebhookEventType | '';
  state: WebhookDeliveryState | '';
}

export const webhookKeys = {
  all: ['webhooks'] as const,
  endpoints: () => [...webhookKeys.all, 'endpoints'] as const,
  deliveries: (filters: DeliveryFilters) => [...webhookKeys.all, 'deliveries', filters] as const,
  delivery: (id: string | null) => [...webhookKeys.all, 'delivery', id] as const,
};

export function useWebhookEndpoints() {
  return useCursorList(webhookKeys.endpoints(), (cursor) => resellerApi.webhooks.list({ limit: PAGE_SIZE, cursor }));
}

export function useDeliveries(filters: DeliveryFilters) {
  return useCursorList(webhookKeys.deliveries(filters), (cursor) =>
    resellerApi.webhooks.deliveries({ ...filters, endpoint_id: filters.endpoint_id || undefined, limit: PAGE_SIZE, cursor }),
  );
}

export function useDelivery(id: string | null) {
  return useQuery({ queryKey: webhookKeys.delivery(id), queryFn: () => resellerApi.webhooks.delivery(id!), enabled: id !== null });
}

/** A change of endpoints or deliveries: every webhook query asks again; a toast says what happened. */
function useWebhooksChanged() {
  const queryClient = useQueryClient();
  const toast = useToast();
  return (message?: string) => {
    void queryClient.invalidateQueries({ queryKey: webhookKeys.all });
    if (message) toast(message);
  };
}

/** Adds an endpoint; the answer holds its signing secret (not kept in the mutation cache). */
export function useCreateEndpoint() {
  const changed = useWebhooksChanged();
  return useMutation({
    gcTime: 0,
    mutationFn: (body: CreateWebhookEndpointRequest) => resellerApi.webhooks.create(body),
    onSuccess: () => changed(),
  });
}

export function useSetEndpointStatus(id: string) {
  const changed = useWebhooksChanged();
  return useMutation({
    mutationFn: (status: 'active' | 'disabled') => resellerApi.webhooks.update(id, { status }),
    onSuccess: (endpoint) => changed(endpoint.status === 'active' ? 'Endpoint enabled' : 'Endpoint disabled'),
  });
}

/** A new signing secret (the old one signs too for 24 hours); the answer holds it. */
export function useRotateSecret(id: string) {
  const changed = useWebhooksChanged();
  return useMutation({ gcTime: 0, mutationFn: () => resellerApi.webhooks.rotateSecret(id), onSuccess: () => changed() });
}

export function useDeleteEndpoint(id: string) {
  const changed = useWebhooksChanged();
  return useMutation({ mutationFn: () => resellerApi.webhooks.remove(id), onSuccess: () => changed('Endpoint deleted') });
}

export function useRedeliver(id: string) {
  const changed = useWebhooksChanged();
  return useMutation({ mutationFn: () => resellerApi.webhooks.redeliver(id), onSuccess: () => changed('Delivery queued again') });
}
