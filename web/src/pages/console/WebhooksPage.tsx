/** Webhook endpoints (create with the secret shown once, disable, rotate, delete) and their delivery log. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import type { WebhookDeliveryState, WebhookDeliveryView, WebhookEndpointView, WebhookEventType } from '../../api/openapi.generated';
import { resellerApi } from '../../api/reseller-api';
import { can, useSignedIn } from '../../auth/session';
import { useConfirm } from '../../components/Confirm';
import { DataTable } from '../../components/DataTable';
import { Modal } from '../../components/Modal';
import { LoadMore, PAGE_SIZE, useCursorList } from '../../components/Paging';
import { SecretOnce } from '../../components/SecretOnce';
import { useToast } from '../../components/Toasts';
import {
  Badge,
  Card,
  EmptyState,
  ErrorNotice,
  FormActions,
  FormError,
  Loading,
  PageHeader,
  SelectField,
  StatusBadge,
  TextField,
} from '../../components/ui';
import { formatDateTime, shortId } from '../../lib/format';
import { useDocumentTitle } from '../../lib/use-document-title';

export const WEBHOOK_EVENTS: Array<{ value: WebhookEventType; label: string }> = [
  { value: 'budget.threshold', label: 'A budget passes 50 %, 80 % or 100 %' },
  { value: 'key.rotated', label: 'A key is rotated' },
  { value: 'key.expired', label: 'A key expires' },
  { value: 'customer.suspended', label: 'A customer is suspended' },
  { value: 'statement.closed', label: 'A monthly statement closes' },
];

export function WebhooksPage() {
  useDocumentTitle('Webhooks');
  const session = useSignedIn();
  const writable = can.write(session.user.role);
  const queryClient = useQueryClient();
  const confirm = useConfirm();
  const toast = useToast();
  const endpoints = useCursorList(['webhooks', 'endpoints'], (cursor) => resellerApi.webhooks.list({ limit: PAGE_SIZE, cursor }));
  const [creating, setCreating] = useState(false);
  const [form, setForm] = useState({ url: '', description: '', events: ['budget.threshold'] as WebhookEventType[] });
  const [secret, setSecret] = useState<{ title: string; value: string } | null>(null);

  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['webhooks'] });
  const create = useMutation({
    gcTime: 0, // its answer holds the signing secret
    mutationFn: () =>
      resellerApi.webhooks.create({ url: form.url.trim(), events: form.events, description: form.description.trim() || undefined }),
    onSuccess: (endpoint) => {
      refresh();
      setCreating(false);
      setSecret({ title: 'Signing secret of the new endpoint', value: endpoint.secret });
    },
  });
  const setStatus = useMutation({
    mutationFn: ({ id, status }: { id: string; status: 'active' | 'disabled' }) => resellerApi.webhooks.update(id, { status }),
    onSuccess: (endpoint) => {
      refresh();
      toast(endpoint.status === 'active' ? 'Endpoint enabled' : 'Endpoint disabled');
    },
  });
  const rotate = useMutation({
    gcTime: 0, // its answer holds the new signing secret
    mutationFn: (id: string) => resellerApi.webhooks.rotateSecret(id),
    onSuccess: (endpoint) => {
      refresh();
      setSecret({ title: `New signing secret of ${endpoint.url}`, value: endpoint.secret });
    },
  });
  const remove = useMutation({
    mutationFn: (id: string) => resellerApi.webhooks.remove(id),
    onSuccess: () => {
      refresh();
      toast('Endpoint deleted');
    },
  });

  const askDisable = async (endpoint: WebhookEndpointView) => {
    if (
      await confirm({
        title: 'Disable this endpoint?',
        body: `${endpoint.url} gets no deliveries until you enable it again.`,
        confirmLabel: 'Disable endpoint',
      })
    )
      setStatus.mutate({ id: endpoint.id, status: 'disabled' });
  };
  const askRotate = async (endpoint: WebhookEndpointView) => {
    if (
      await confirm({
        title: 'Rotate the signing secret?',
        body: 'Deliveries are signed with the new secret from now on, and also with the old one for 24 hours so your receiver can switch.',
        confirmLabel: 'Rotate secret',
      })
    )
      rotate.mutate(endpoint.id);
  };
  const askDelete = async (endpoint: WebhookEndpointView) => {
    if (
      await confirm({
        title: 'Delete this endpoint?',
        body: `${endpoint.url} and its delivery log are deleted.`,
        confirmLabel: 'Delete endpoint',
      })
    )
      remove.mutate(endpoint.id);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate();
  };
  const toggleEvent = (event: WebhookEventType, on: boolean) =>
    setForm((current) => ({ ...current, events: on ? [...current.events, event] : current.events.filter((e) => e !== event) }));

  return (
    <>
      <PageHeader
        title="Webhooks"
        description="The gateway POSTs events to your endpoints, signed as Standard Webhooks 1.0 defines (webhook-id, webhook-timestamp, webhook-signature) with a secret of each endpoint, and retries for 24 hours."
        actions={
          writable ? (
            <button type="button" className="btn btn-primary" onClick={() => setCreating(true)}>
              Add endpoint
            </button>
          ) : undefined
        }
      />
      <div className="stack">
        {secret && (
          <SecretOnce
            label={secret.title}
            secret={secret.value}
            how="Verify deliveries with it using any Standard Webhooks library (new Webhook(secret).verify(body, headers)). The gateway keeps it encrypted, to sign deliveries, and never shows it again."
            onDone={() => {
              setSecret(null);
              create.reset();
              rotate.reset();
            }}
          />
        )}
        {(setStatus.error || rotate.error || remove.error) && <FormError error={setStatus.error ?? rotate.error ?? remove.error} />}
        <Card title="Endpoints" flush>
          {endpoints.isPending ? (
            <Loading />
          ) : endpoints.isError ? (
            <div className="card-body">
              <ErrorNotice error={endpoints.error} onRetry={() => void endpoints.refetch()} />
            </div>
          ) : (
            <DataTable<WebhookEndpointView>
              caption="Webhook endpoints"
              rows={endpoints.rows}
              rowKey={(e) => e.id}
              empty={
                <EmptyState title="No endpoints">Add an HTTPS endpoint to hear about budgets, keys, customers and statements.</EmptyState>
              }
              columns={[
                {
                  header: 'Endpoint',
                  primary: true,
                  cell: (e) => (
                    <>
                      <span className="cell-title mono">{e.url}</span>
                      {e.description && <span className="cell-sub">{e.description}</span>}
                    </>
                  ),
                },
                {
                  header: 'Events',
                  cell: (e) => (
                    <span className="row">
                      {e.events.map((event) => (
                        <Badge key={event}>{event}</Badge>
                      ))}
                    </span>
                  ),
                },
                {
                  header: 'Status',
                  cell: (e) => (
                    <span>
                      <StatusBadge status={e.status} />
                      {e.disabled_reason === 'gone' && <span className="cell-sub">Your receiver answered 410</span>}
                    </span>
                  ),
                },
                {
                  header: 'Actions',
                  actions: true,
                  cell: (e) =>
                    writable ? (
                      <span className="row">
                        {e.status === 'active' ? (
                          <button type="button" className="btn btn-sm" onClick={() => void askDisable(e)} aria-label={`Disable ${e.url}`}>
                            Disable
                          </button>
                        ) : (
                          <button
                            type="button"
                            className="btn btn-sm"
                            onClick={() => setStatus.mutate({ id: e.id, status: 'active' })}
                            aria-label={`Enable ${e.url}`}
                          >
                            Enable
                          </button>
                        )}
                        <button
                          type="button"
                          className="btn btn-sm"
                          onClick={() => void askRotate(e)}
                          aria-label={`Rotate the secret of ${e.url}`}
                        >
                          Rotate secret
                        </button>
                        <button
                          type="button"
                          className="btn btn-sm btn-danger-outline"
                          onClick={() => void askDelete(e)}
                          aria-label={`Delete ${e.url}`}
                        >
                          Delete
                        </button>
                      </span>
                    ) : null,
                },
              ]}
            />
          )}
          <LoadMore query={endpoints} noun="endpoints" />
        </Card>
        <DeliveryLog endpoints={endpoints.rows} writable={writable} />
      </div>
      <Modal open={creating} title="Add a webhook endpoint" onClose={() => setCreating(false)}>
        <form className="form" onSubmit={submit}>
          <TextField
            label="URL"
            type="url"
            required
            value={form.url}
            onChange={(e) => setForm({ ...form, url: e.target.value })}
            placeholder="https://example.com/hooks/gateway"
            autoFocus
          />
          <TextField
            label="Description (optional)"
            value={form.description}
            onChange={(e) => setForm({ ...form, description: e.target.value })}
          />
          <fieldset>
            <legend>Events</legend>
            <div className="stack-sm">
              {WEBHOOK_EVENTS.map((event) => (
                <label key={event.value} className="check">
                  <input
                    type="checkbox"
                    checked={form.events.includes(event.value)}
                    onChange={(e) => toggleEvent(event.value, e.target.checked)}
                  />
                  <span>
                    <span className="mono">{event.value}</span> <span className="faint">· {event.label}</span>
                  </span>
                </label>
              ))}
            </div>
          </fieldset>
          <FormError error={create.error} />
          <FormActions
            submitLabel="Add endpoint"
            disabled={create.isPending || !form.url || form.events.length === 0}
            onCancel={() => setCreating(false)}
          />
        </form>
      </Modal>
    </>
  );
}

function DeliveryLog({ endpoints, writable }: { endpoints: WebhookEndpointView[]; writable: boolean }) {
  const [params, setParams] = useSearchParams();
  const filters = {
    endpoint_id: params.get('endpoint') ?? '',
    event: (params.get('event') ?? '') as WebhookEventType | '',
    state: (params.get('state') ?? '') as WebhookDeliveryState | '',
  };
  const deliveries = useCursorList(['webhooks', 'deliveries', filters], (cursor) =>
    resellerApi.webhooks.deliveries({ ...filters, endpoint_id: filters.endpoint_id || undefined, limit: PAGE_SIZE, cursor }),
  );
  const [openId, setOpenId] = useState<string | null>(null);
  const setFilter = (name: string, value: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(name, value);
        else next.delete(name);
        return next;
      },
      { replace: true },
    );
  const urlOf = new Map(endpoints.map((e) => [e.id, e.url]));

  return (
    <Card title="Delivery log" description="Every event sent to your endpoints, with its attempts. Kept 30 days." flush>
      <div className="filters">
        <SelectField
          label="Endpoint"
          value={filters.endpoint_id}
          onChange={(e) => setFilter('endpoint', e.target.value)}
          options={[{ value: '', label: 'All' }, ...endpoints.map((e) => ({ value: e.id, label: e.url }))]}
        />
        <SelectField
          label="Event"
          value={filters.event}
          onChange={(e) => setFilter('event', e.target.value)}
          options={[{ value: '', label: 'All' }, ...WEBHOOK_EVENTS.map((e) => ({ value: e.value, label: e.value }))]}
        />
        <SelectField
          label="State"
          value={filters.state}
          onChange={(e) => setFilter('state', e.target.value)}
          options={[
            { value: '', label: 'All' },
            { value: 'pending', label: 'Pending' },
            { value: 'delivered', label: 'Delivered' },
            { value: 'failed', label: 'Failed' },
          ]}
        />
      </div>
      {deliveries.isPending ? (
        <Loading />
      ) : deliveries.isError ? (
        <div className="card-body">
          <ErrorNotice error={deliveries.error} onRetry={() => void deliveries.refetch()} />
        </div>
      ) : (
        <DataTable<WebhookDeliveryView>
          caption="Webhook deliveries"
          rows={deliveries.rows}
          rowKey={(d) => d.id}
          empty={<EmptyState title="No deliveries">Events show up here when they happen.</EmptyState>}
          columns={[
            {
              header: 'Event',
              primary: true,
              cell: (d) => (
                <>
                  <span className="cell-title mono">{d.event}</span>
                  <span className="cell-sub">{formatDateTime(d.created_at)}</span>
                </>
              ),
            },
            { header: 'Endpoint', cell: (d) => <span className="mono">{urlOf.get(d.endpoint_id) ?? shortId(d.endpoint_id)}</span> },
            { header: 'State', cell: (d) => <StatusBadge status={d.state} /> },
            { header: 'Attempts', numeric: true, cell: (d) => d.attempt_count },
            { header: 'Last answer', cell: (d) => (d.last_status ? `HTTP ${d.last_status}` : (d.last_error ?? '—')) },
            {
              header: 'Actions',
              actions: true,
              cell: (d) => (
                <button
                  type="button"
                  className="btn btn-sm"
                  onClick={() => setOpenId(d.id)}
                  aria-label={`Details of delivery ${shortId(d.id)}`}
                >
                  Details
                </button>
              ),
            },
          ]}
        />
      )}
      <LoadMore query={deliveries} noun="deliveries" />
      <DeliveryDialog id={openId} onClose={() => setOpenId(null)} writable={writable} />
    </Card>
  );
}

function DeliveryDialog({ id, onClose, writable }: { id: string | null; onClose: () => void; writable: boolean }) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const delivery = useQuery({
    queryKey: ['webhooks', 'delivery', id],
    queryFn: () => resellerApi.webhooks.delivery(id!),
    enabled: id !== null,
  });
  const redeliver = useMutation({
    mutationFn: () => resellerApi.webhooks.redeliver(id!),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['webhooks'] });
      toast('Delivery queued again');
      onClose();
    },
  });
  const current = delivery.data;
  return (
    <Modal
      open={id !== null}
      title="Delivery"
      onClose={onClose}
      wide
      actions={
        <>
          {writable && current && current.state !== 'pending' && (
            <button type="button" className="btn btn-primary" onClick={() => redeliver.mutate()} disabled={redeliver.isPending}>
              Redeliver now
            </button>
          )}
          <button type="button" className="btn" onClick={onClose}>
            Close
          </button>
        </>
      }
    >
      {delivery.isPending ? (
        <Loading />
      ) : delivery.isError ? (
        <ErrorNotice error={delivery.error} />
      ) : current ? (
        <div className="stack-sm">
          <dl className="details">
            <dt>Event</dt>
            <dd className="mono">{current.event}</dd>
            <dt>State</dt>
            <dd>
              <StatusBadge status={current.state} />
            </dd>
            <dt>Retried until</dt>
            <dd>{formatDateTime(current.retry_until)}</dd>
          </dl>
          <h3>Attempts</h3>
          {current.attempts.length === 0 ? (
            <p className="muted">None yet.</p>
          ) : (
            <ol>
              {current.attempts.map((attempt) => (
                <li key={attempt.number}>
                  {formatDateTime(attempt.started_at)}: {attempt.status ? `HTTP ${attempt.status}` : (attempt.error ?? 'no answer')} in{' '}
                  {attempt.duration_ms} ms
                </li>
              ))}
            </ol>
          )}
          <h3>Body</h3>
          <pre className="code-block" tabIndex={0}>
            <code>{JSON.stringify(current.payload, null, 2)}</code>
          </pre>
          <FormError error={redeliver.error} />
        </div>
      ) : null}
    </Modal>
  );
}
