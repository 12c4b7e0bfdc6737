/**
 * The management keys: name and prefix, state (and when revoked), who issued it (an owner, by the
 * account's users; the operator), created; an active one is revoked after confirming.
 */
import type { ManagementKeyView } from '@unified-api-gateway/sdk';
import { ActionButton } from '../../../components/ActionButton';
import { ResourceList } from '../../../components/ResourceList';
import { EmptyState, StatusBadge } from '../../../components/ui';
import { formatDateTime } from '../../../lib/format';
import { useUsers } from '../../team/queries';
import { useManagementKeys, useRevokeManagementKey } from '../queries';

export function ManagementKeysList({ onCreate }: { onCreate: () => void }) {
  const keys = useManagementKeys(true);
  const users = useUsers();
  const names = new Map(users.rows.map((u) => [u.id, u.name || u.email]));
  // An owner's keys are revoked with their removal: one not among the users loaded is on a later page.
  const issuer = (key: ManagementKeyView) =>
    key.created_by_user_id === null ? 'The operator' : (names.get(key.created_by_user_id) ?? 'An owner');
  return (
    <ResourceList<ManagementKeyView>
      list={keys}
      noun="management keys"
      loadingLabel="Loading management keys…"
      caption="Management keys"
      rowKey={(key) => key.id}
      empty={
        <EmptyState
          title="No management keys yet"
          action={
            <button type="button" className="btn btn-primary" onClick={onCreate}>
              Create your first management key
            </button>
          }
        >
          Create one when a program of yours needs to manage customers and keys. Its secret is shown once.
        </EmptyState>
      }
      columns={[
        {
          header: 'Management key',
          primary: true,
          cell: (key) => (
            <>
              <span className="cell-title">{key.name || 'Unnamed key'}</span>
              <span className="cell-sub mono">{key.prefix}…</span>
            </>
          ),
        },
        {
          header: 'Status',
          cell: (key) => (
            <span>
              <StatusBadge status={key.status} />
              {key.revoked_at && <span className="cell-sub">{formatDateTime(key.revoked_at)}</span>}
            </span>
          ),
        },
        { header: 'Issued by', cell: (key) => issuer(key) },
        { header: 'Created', cell: (key) => formatDateTime(key.created_at) },
        {
          header: 'Actions',
          actions: true,
          cell: (key) => (key.status === 'active' ? <RevokeManagementKeyButton managementKey={key} /> : null),
        },
      ]}
    />
  );
}

function RevokeManagementKeyButton({ managementKey: key }: { managementKey: ManagementKeyView }) {
  const label = key.name || key.prefix;
  return (
    <ActionButton
      action={useRevokeManagementKey(key.id)}
      className="btn btn-sm btn-danger-outline"
      label={`Revoke ${label}`}
      confirm={{
        title: `Revoke ${label}?`,
        body: 'Its next call to the reseller API is refused (401). Whatever uses it needs a new key; this cannot be undone.',
        confirmLabel: 'Revoke management key',
      }}
    >
      Revoke
    </ActionButton>
  );
}
