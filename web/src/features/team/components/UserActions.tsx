/** What an owner does to another user (change the role, remove them) and to an invitation (withdraw it). */
import type { InvitationView, UserView } from '@unified-api-gateway/sdk';
import { ActionButton, useRunAction } from '../../../components/ActionButton';
import { ROLES, type TenantRole } from '../roles';
import { useChangeRole, useRemoveUser, useWithdrawInvitation } from '../queries';

const nameOf = (user: UserView) => user.name || user.email;

export function RoleSelect({ user }: { user: UserView }) {
  const change = useRunAction(useChangeRole(user.id));
  return (
    <select aria-label={`Role of ${nameOf(user)}`} value={user.role} onChange={(e) => void change(e.target.value as TenantRole)}>
      {ROLES.map((r) => (
        <option key={r.value} value={r.value}>
          {r.value}
        </option>
      ))}
    </select>
  );
}

export function RemoveUserButton({ user }: { user: UserView }) {
  return (
    <ActionButton
      action={useRemoveUser(user.id)}
      className="btn btn-sm btn-danger-outline"
      label={`Remove ${nameOf(user)}`}
      confirm={{
        title: `Remove ${nameOf(user)}?`,
        body: 'They are signed out and can no longer sign in to this account.',
        confirmLabel: 'Remove user',
      }}
    >
      Remove
    </ActionButton>
  );
}

export function WithdrawInvitationButton({ invitation }: { invitation: InvitationView }) {
  return (
    <ActionButton
      action={useWithdrawInvitation(invitation.id)}
      className="btn btn-sm btn-danger-outline"
      label={`Withdraw the invitation of ${invitation.email}`}
      confirm={{
        title: `Withdraw the invitation of ${invitation.email}?`,
        body: 'Its link stops working at once.',
        confirmLabel: 'Withdraw invitation',
      }}
    >
      Withdraw
    </ActionButton>
  );
}
