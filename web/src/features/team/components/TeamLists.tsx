/** The account's users (role, a password reset link and removal for an owner) and its pending invitations. */
import type { InvitationView, UserView } from '@unified-api-gateway/sdk';
import { useSignedIn } from '../../../auth/session';
import { ResourceList } from '../../../components/ResourceList';
import { Badge, EmptyState } from '../../../components/ui';
import { formatDateTime } from '../../../lib/format';
import { ResetPasswordButton } from '../../password-resets/components/ResetPasswordButton';
import { useInvitations, useUsers } from '../queries';
import { RemoveUserButton, RoleSelect, WithdrawInvitationButton } from './UserActions';

export function UsersList({ owner }: { owner: boolean }) {
  const session = useSignedIn();
  const users = useUsers();
  // An owner manages everyone else; nobody changes their own role, resets their own password (Your
  // account changes it) or removes themselves here.
  const manages = (u: UserView) => owner && u.id !== session.user.id;
  return (
    <ResourceList<UserView>
      list={users}
      noun="users"
      caption="Users"
      rowKey={(u) => u.id}
      columns={[
        {
          header: 'User',
          primary: true,
          cell: (u) => (
            <>
              <span className="cell-title">
                {u.name || u.email} {u.id === session.user.id && <Badge tone="info">you</Badge>}
              </span>
              <span className="cell-sub">{u.email}</span>
            </>
          ),
        },
        { header: 'Role', cell: (u) => (manages(u) ? <RoleSelect user={u} /> : <Badge>{u.role}</Badge>) },
        {
          header: 'Last sign-in',
          cell: (u) => (u.last_sign_in_at ? formatDateTime(u.last_sign_in_at) : <span className="faint">Never</span>),
        },
        {
          header: 'Actions',
          actions: true,
          cell: (u) =>
            manages(u) ? (
              <span className="row">
                <ResetPasswordButton user={u} />
                <RemoveUserButton user={u} />
              </span>
            ) : null,
        },
      ]}
    />
  );
}

export function InvitationsList() {
  const invitations = useInvitations(true);
  return (
    <ResourceList<InvitationView>
      title="Pending invitations"
      description="Not accepted yet; expired ones stay listed so you see they lapsed."
      className="team-invitations"
      list={invitations}
      noun="invitations"
      caption="Pending invitations"
      rowKey={(i) => i.id}
      empty={<EmptyState title="No pending invitations" />}
      columns={[
        { header: 'Email', primary: true, cell: (i) => <span className="cell-title">{i.email}</span> },
        { header: 'Role', cell: (i) => <Badge>{i.role}</Badge> },
        {
          header: 'Expires',
          cell: (i) => (Date.parse(i.expires_at) < Date.now() ? <Badge tone="danger">expired</Badge> : formatDateTime(i.expires_at)),
        },
        { header: 'Actions', actions: true, cell: (i) => <WithdrawInvitationButton invitation={i} /> },
      ]}
    />
  );
}
