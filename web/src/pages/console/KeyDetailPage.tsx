/** One key: its details, rename, rotate (new secret shown once), expire, revoke, limits and budget. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import type { ApiKeyView, CreatedApiKeyView } from '../../api/openapi.generated';
import { resellerApi } from '../../api/reseller-api';
import { can, useSignedIn } from '../../auth/session';
import { BudgetCard } from '../../components/BudgetCard';
import { useConfirm } from '../../components/Confirm';
import { LimitsCard } from '../../components/LimitsCard';
import { Modal } from '../../components/Modal';
import { SecretOnce } from '../../components/SecretOnce';
import { useToast } from '../../components/Toasts';
import { Card, ErrorNotice, FormActions, FormError, Loading, PageHeader, SelectField, StatusBadge, TextField } from '../../components/ui';
import { formatDateTime } from '../../lib/format';
import { useDocumentTitle } from '../../lib/use-document-title';
import { keyState } from './keyLabels';
import { useCustomerNames } from './useCustomerNames';

const GRACE_OPTIONS = [
  { value: '0', label: 'None: the old key stops now' },
  { value: '3600', label: '1 hour' },
  { value: '86400', label: '24 hours (default)' },
  { value: '604800', label: '7 days' },
];

export function KeyDetailPage() {
  const { id = '' } = useParams();
  const session = useSignedIn();
  const writable = can.write(session.user.role);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const confirm = useConfirm();
  const toast = useToast();
  const key = useQuery({ queryKey: ['keys', id], queryFn: () => resellerApi.keys.get(id) });
  useDocumentTitle(key.data ? `Key ${key.data.name || key.data.prefix}` : 'Key');
  const customerName = useCustomerNames([key.data?.customer_id]);
  // The key this one replaced, named as in the keys list (a rotated key keeps its name, so the prefix tells them apart).
  const previousId = key.data?.rotated_from_id ?? null;
  const previous = useQuery({
    queryKey: ['keys', previousId],
    queryFn: () => resellerApi.keys.get(previousId!),
    enabled: previousId !== null,
  });
  const [renaming, setRenaming] = useState(false);
  const [name, setName] = useState('');
  const [rotating, setRotating] = useState(false);
  const [grace, setGrace] = useState('86400');
  const [rotated, setRotated] = useState<CreatedApiKeyView | null>(null);

  const updated = (next: ApiKeyView, message: string) => {
    queryClient.setQueryData(['keys', id], next);
    void queryClient.invalidateQueries({ queryKey: ['keys', 'all'] });
    toast(message);
  };
  const rename = useMutation({
    mutationFn: () => resellerApi.keys.update(id, { name: name.trim() }),
    onSuccess: (next) => {
      setRenaming(false);
      updated(next, 'Key renamed');
    },
  });
  const revoke = useMutation({ mutationFn: () => resellerApi.keys.revoke(id), onSuccess: (next) => updated(next, 'Key revoked') });
  const expire = useMutation({ mutationFn: () => resellerApi.keys.expire(id), onSuccess: (next) => updated(next, 'Key expired') });
  const rotate = useMutation({
    gcTime: 0, // its answer holds the new secret
    mutationFn: () => resellerApi.keys.rotate(id, Number(grace)),
    onSuccess: (result) => {
      setRotated(result.key);
      queryClient.setQueryData(['keys', id], result.previous);
      void queryClient.invalidateQueries({ queryKey: ['keys', 'all'] });
    },
  });

  if (key.isPending) return <Loading page />;
  if (key.isError) return <ErrorNotice error={key.error} onRetry={() => void key.refetch()} title="Could not load this key." />;
  const current = key.data;
  const state = keyState(current);
  const label = current.name || current.prefix;

  const askRevoke = async () => {
    if (
      await confirm({
        title: `Revoke “${label}”?`,
        body: 'Every gateway process refuses it at once (401 revoked_api_key). This cannot be undone: callers need a new key.',
        confirmLabel: 'Revoke key',
      })
    )
      revoke.mutate();
  };
  const askExpire = async () => {
    if (
      await confirm({
        title: `Expire “${label}” now?`,
        body: 'Calls with it are refused from now on (401 expired_api_key).',
        confirmLabel: 'Expire key',
      })
    )
      expire.mutate();
  };
  const submitRename = (event: FormEvent) => {
    event.preventDefault();
    rename.mutate();
  };

  return (
    <>
      <PageHeader
        breadcrumb={{ to: '/console/keys', label: 'Keys' }}
        title={label}
        description={current.customer_id ? `A key of ${customerName(current.customer_id)}.` : 'A key of your own.'}
        actions={
          writable && state === 'active' ? (
            <>
              <button type="button" className="btn" onClick={() => setRotating(true)}>
                Rotate
              </button>
              <button type="button" className="btn btn-danger-outline" onClick={() => void askExpire()} disabled={expire.isPending}>
                Expire now
              </button>
              <button type="button" className="btn btn-danger" onClick={() => void askRevoke()} disabled={revoke.isPending}>
                Revoke
              </button>
            </>
          ) : undefined
        }
      />
      <div className="stack">
        {(revoke.error || expire.error) && <FormError error={revoke.error ?? expire.error} />}
        <Card
          title="Details"
          actions={
            writable && !renaming ? (
              <button
                type="button"
                className="btn btn-sm"
                onClick={() => {
                  setName(current.name);
                  setRenaming(true);
                }}
              >
                Rename
              </button>
            ) : undefined
          }
        >
          {renaming && (
            <form className="form" onSubmit={submitRename}>
              <TextField label="Name" value={name} onChange={(e) => setName(e.target.value)} autoFocus required />
              <FormError error={rename.error} />
              <div className="row">
                <button type="submit" className="btn btn-primary btn-sm" disabled={rename.isPending}>
                  Save
                </button>
                <button type="button" className="btn btn-sm" onClick={() => setRenaming(false)}>
                  Cancel
                </button>
              </div>
              <hr className="divider" />
            </form>
          )}
          <dl className="details">
            <dt>Status</dt>
            <dd>
              <StatusBadge status={state} />
            </dd>
            <dt>Prefix</dt>
            <dd className="mono">{current.prefix}…</dd>
            {current.customer_id && (
              <>
                <dt>Customer</dt>
                <dd>
                  <Link to={`/console/customers/${current.customer_id}`}>{customerName(current.customer_id)}</Link>
                </dd>
              </>
            )}
            <dt>Created</dt>
            <dd>{formatDateTime(current.created_at)}</dd>
            <dt>Last used</dt>
            <dd>{current.last_used_at ? formatDateTime(current.last_used_at) : 'Never'}</dd>
            <dt>Expires</dt>
            <dd>{current.expires_at ? formatDateTime(current.expires_at) : 'Never'}</dd>
            {current.revoked_at && (
              <>
                <dt>Revoked</dt>
                <dd>{formatDateTime(current.revoked_at)}</dd>
              </>
            )}
            {current.rotated_from_id && (
              <>
                <dt>Replaces</dt>
                <dd>
                  <Link to={`/console/keys/${current.rotated_from_id}`}>
                    {previous.data ? (
                      <>
                        {previous.data.name || 'Unnamed key'} <span className="mono">({previous.data.prefix}…)</span>
                      </>
                    ) : (
                      'the key it was rotated from'
                    )}
                  </Link>
                </dd>
              </>
            )}
            <dt>Calls</dt>
            <dd>
              <Link to={`/console/audit?api_key_id=${current.id}`}>See this key&apos;s calls in the audit trail</Link>
            </dd>
          </dl>
        </Card>
        <div className="grid-2">
          <LimitsCard
            queryKey={['keys', id, 'limits']}
            load={() => resellerApi.keys.limits(id)}
            save={(body) => resellerApi.keys.setLimits(id, body)}
            subject="this key"
            readOnly={!writable || state !== 'active'}
          />
          <BudgetCard
            queryKey={['keys', id, 'budget']}
            load={() => resellerApi.keys.budget(id)}
            save={(body) => resellerApi.keys.setBudget(id, body)}
            remove={() => resellerApi.keys.removeBudget(id)}
            subject="this key"
            readOnly={!writable || state !== 'active'}
          />
        </div>
      </div>
      <Modal
        open={rotating}
        title={rotated ? 'Your rotated key' : `Rotate “${label}”`}
        onClose={() => {
          setRotating(false);
          setRotated(null);
          rotate.reset();
        }}
      >
        {rotated ? (
          <SecretOnce
            label="New key"
            secret={rotated.key}
            onDone={() => {
              // The new key is the one to manage from now on; the old one stops at the end of its grace period.
              setRotating(false);
              setRotated(null);
              rotate.reset();
              void navigate(`/console/keys/${rotated.id}`);
            }}
          />
        ) : (
          <form
            className="form"
            onSubmit={(event) => {
              event.preventDefault();
              rotate.mutate();
            }}
          >
            <p className="muted">
              A new secret with the same name, limits and budget. The old key keeps working for the grace period, so you can deploy the new
              one first.
            </p>
            <SelectField
              label="Grace period for the old key"
              value={grace}
              onChange={(e) => setGrace(e.target.value)}
              options={GRACE_OPTIONS}
            />
            <FormError error={rotate.error} />
            <FormActions submitLabel="Rotate key" disabled={rotate.isPending} onCancel={() => setRotating(false)} />
          </form>
        )}
      </Modal>
    </>
  );
}
