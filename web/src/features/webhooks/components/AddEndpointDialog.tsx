/** Adds an HTTPS endpoint for some events; its signing secret is handed to the page, which shows it once. */
import { useState, type FormEvent } from 'react';
import type { WebhookEventType } from '@unified-api-gateway/sdk';
import { Modal } from '../../../components/Modal';
import type { OneTimeSecret } from '../../../components/SecretOnce';
import { FormActions, FormError, TextField } from '../../../components/ui';
import { SECRET_HOW, WEBHOOK_EVENTS } from '../events';
import { useCreateEndpoint } from '../queries';

export function AddEndpointDialog({
  open,
  onClose,
  onSecret,
}: {
  open: boolean;
  onClose: () => void;
  onSecret: (secret: OneTimeSecret) => void;
}) {
  const [form, setForm] = useState({ url: '', description: '', events: ['budget.threshold'] as WebhookEventType[] });
  const create = useCreateEndpoint();
  const toggle = (event: WebhookEventType, on: boolean) =>
    setForm((current) => ({ ...current, events: on ? [...current.events, event] : current.events.filter((e) => e !== event) }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = { url: form.url.trim(), events: form.events, description: form.description.trim() || undefined };
    create.mutate(body, {
      onSuccess: (endpoint) => {
        onClose();
        onSecret({ label: 'Signing secret of the new endpoint', value: endpoint.secret, how: SECRET_HOW });
        create.reset();
      },
    });
  };
  return (
    <Modal open={open} title="Add a webhook endpoint" onClose={onClose}>
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
                  onChange={(e) => toggle(event.value, e.target.checked)}
                />
                <span>
                  <span className="mono">{event.value}</span> <span className="faint">· {event.label}</span>
                </span>
              </label>
            ))}
          </div>
        </fieldset>
        <FormError error={create.error} />
        <FormActions submitLabel="Add endpoint" disabled={create.isPending || !form.url || form.events.length === 0} onCancel={onClose} />
      </form>
    </Modal>
  );
}
