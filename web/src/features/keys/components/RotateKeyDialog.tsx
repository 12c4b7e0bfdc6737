/**
 * Rotate: a new secret with the same name, limits and budget, shown once; the old key keeps working
 * for a grace period. The dialog stays open while the old key leaves the active state (a grace of 0).
 */
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import type { ApiKeyView } from '@unified-api-gateway/sdk';
import { SecretDialog } from '../../../components/SecretOnce';
import { FormActions, FormError, SelectField } from '../../../components/ui';
import { useRotateKey } from '../queries';

const GRACE_OPTIONS = [
  { value: '0', label: 'None: the old key stops now' },
  { value: '3600', label: '1 hour' },
  { value: '86400', label: '24 hours (default)' },
  { value: '604800', label: '7 days' },
];

export function RotateKeyDialog({ apiKey, open, onClose }: { apiKey: ApiKeyView; open: boolean; onClose: () => void }) {
  const navigate = useNavigate();
  const [grace, setGrace] = useState('86400');
  const rotate = useRotateKey(apiKey.id);
  const rotated = rotate.data?.key;
  const close = () => {
    onClose();
    rotate.reset();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    rotate.mutate(Number(grace));
  };
  return (
    <SecretDialog
      open={open}
      onClose={close}
      title={`Rotate “${apiKey.name || apiKey.prefix}”`}
      secretTitle="Your rotated key"
      secret={rotated ? { label: 'New key', value: rotated.key } : null}
      // The new key is the one to manage from now on; the old one stops at the end of its grace period.
      onDone={() => {
        close();
        if (rotated) void navigate(`/console/keys/${rotated.id}`);
      }}
    >
      <form className="form" onSubmit={submit}>
        <p className="muted">
          A new secret with the same name, limits and budget. The old key keeps working for the grace period, so you can deploy the new one
          first.
        </p>
        <SelectField
          label="Grace period for the old key"
          value={grace}
          onChange={(e) => setGrace(e.target.value)}
          options={GRACE_OPTIONS}
        />
        <FormError error={rotate.error} />
        <FormActions submitLabel="Rotate key" disabled={rotate.isPending} onCancel={onClose} />
      </form>
    </SecretDialog>
  );
}
