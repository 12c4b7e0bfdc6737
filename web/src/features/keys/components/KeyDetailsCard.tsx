/** A key's details, and its rename form (the details stay listed under it). */
import { Link } from 'react-router';
import type { ApiKeyView } from '@unified-api-gateway/sdk';
import { DetailCard, useInlineEdit } from '../../../components/DetailCard';
import { EditForm } from '../../../components/EditForm';
import { StatusBadge, TextField } from '../../../components/ui';
import { formatDateTime } from '../../../lib/format';
import { keyState } from '../key-state';
import { useKey, useRenameKey } from '../queries';

export function KeyDetailsCard({ apiKey, customerName, writable }: { apiKey: ApiKeyView; customerName: string; writable: boolean }) {
  const edit = useInlineEdit<{ name: string }>();
  const rename = useRenameKey(apiKey.id);
  // The key this one replaced, named as in the keys list (a rotated key keeps its name, so the prefix tells them apart).
  const previous = useKey(apiKey.rotated_from_id);
  return (
    <DetailCard
      editLabel="Rename"
      onEdit={writable ? () => edit.start({ name: apiKey.name }) : undefined}
      keepItems
      form={
        edit.draft && (
          <EditForm
            onSubmit={() => rename.mutate(edit.draft!.name, { onSuccess: edit.stop })}
            disabled={rename.isPending}
            error={rename.error}
            onCancel={edit.stop}
          >
            <TextField label="Name" value={edit.draft.name} onChange={(e) => edit.set({ name: e.target.value })} required />
          </EditForm>
        )
      }
      items={[
        ['Status', <StatusBadge status={keyState(apiKey)} />],
        ['Prefix', `${apiKey.prefix}…`, 'mono'],
        apiKey.customer_id && ['Customer', <Link to={`/console/customers/${apiKey.customer_id}`}>{customerName}</Link>],
        ['Created', formatDateTime(apiKey.created_at)],
        ['Last used', apiKey.last_used_at ? formatDateTime(apiKey.last_used_at) : 'Never'],
        ['Expires', apiKey.expires_at ? formatDateTime(apiKey.expires_at) : 'Never'],
        apiKey.revoked_at && ['Revoked', formatDateTime(apiKey.revoked_at)],
        apiKey.rotated_from_id && [
          'Replaces',
          <Link to={`/console/keys/${apiKey.rotated_from_id}`}>
            {previous.data ? (
              <>
                {previous.data.name || 'Unnamed key'} <span className="mono">({previous.data.prefix}…)</span>
              </>
            ) : (
              'the key it was rotated from'
            )}
          </Link>,
        ],
        ['Calls', <Link to={`/console/audit?api_key_id=${apiKey.id}`}>See this key&apos;s calls in the audit trail</Link>],
      ]}
    />
  );
}
