/** Webhook endpoints and their delivery log (the reseller API's /webhook-endpoints and /webhook-deliveries): cache keys and hooks. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateWebhookEndpointRequest, WebhookDeliveryState, WebhookEventType } from '@unified-api-gateway/sdk';
import { data, sdk } from '../../api/client';
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
  return useCursorList(webhookKeys.endpoints(), (cursor) => data(sdk.reseller.webhooks.listEndpoints({ limit: PAGE_SIZE, cursor })));
}

/** The log, newest first; a filter left at '' (every endpoint, event or state) is not sent. */
export function useDeliveries(filters: DeliveryFilters) {
  const { endpoint_id, event, state } = filters;
  return useCursorList(webhookKeys.deliveries(filters), (cursor) =>
    data(
      sdk.reseller.webhooks.listDeliveries({
        endpoint_id: endpoint_id || undefined,
        event: event || undefined,
        state: state || undefined,
        limit: PAGE_SIZE,
        cursor,
      }),
    ),
  );
}

export function useDelivery(id: string | null) {
  return useQuery({
    queryKey: webhookKeys.delivery(id),
    queryFn: () => data(sdk.reseller.webhooks.getDelivery(id!)),
    enabled: id !== null,
  });
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
    mutationFn: (body: CreateWebhookEndpointRequest) => data(sdk.reseller.webhooks.createEndpoint(body)),
    onSuccess: () => changed(),
  });
}

export function useSetEndpointStatus(id: string) {
  const changed = useWebhooksChanged();
  return useMutation({
    mutationFn: (status: 'active' | 'disabled') => data(sdk.reseller.webhooks.updateEndpoint(id, { status })),
    onSuccess: (endpoint) => changed(endpoint.status === 'active' ? 'Endpoint enabled' : 'Endpoint disabled'),
  });
}

/** A new signing secret (the old one signs too for 24 hours); the answer holds it. */
export function useRotateSecret(id: string) {
  const changed = useWebhooksChanged();
  return useMutation({ gcTime: 0, mutationFn: () => data(sdk.reseller.webhooks.rotateSecret(id)), onSuccess: () => changed() });
}

export function useDeleteEndpoint(id: string) {
  const changed = useWebhooksChanged();
  return useMutation({ mutationFn: () => data(sdk.reseller.webhooks.deleteEndpoint(id)), onSuccess: () => changed('Endpoint deleted') });
}

export function useRedeliver(id: string) {
  const changed = useWebhooksChanged();
  return useMutation({ mutationFn: () => data(sdk.reseller.webhooks.redeliver(id)), onSuccess: () => changed('Delivery queued again') });
}

/** Sends a `test` event to this endpoint only; the log shows its delivery. */
export function useSendTestEvent(id: string) {
  const changed = useWebhooksChanged();
  return useMutation({
    mutationFn: () => data(sdk.reseller.webhooks.sendTest(id)),
    onSuccess: () => changed('Test event sent: see its delivery in the log'),
  });
}
