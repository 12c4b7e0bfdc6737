/** The account's users: owners invite (the invitation link is shown once), change roles and remove. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { consoleApi, type ConsoleUser, type InvitationCreatedView, type InvitationView, type TenantRole } from '../../api/console-api';
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
  TextField,
} from '../../components/ui';
import { formatDateTime } from '../../lib/format';
import { useDocumentTitle } from '../../lib/use-document-title';

const ROLES: Array<{ value: TenantRole; label: string }> = [
  { value: 'owner', label: 'Owner: everything, including users and plan' },
  { value: 'developer', label: 'Developer: keys, customers, prices, webhooks' },
  { value: 'viewer', label: 'Viewer: read only' },
];

export function TeamPage() {
  useDocumentTitle('Team');
  const session = useSignedIn();
  const owner = can.manageUsers(session.user.role);
  const queryClient = useQueryClient();
  const confirm = useConfirm();
  const toast = useToast();
  const users = useCursorList(['users', 'list'], (cursor) => consoleApi.users({ limit: PAGE_SIZE, cursor }));
  const invitations = useCursorList(['users', 'invitations'], (cursor) => consoleApi.invitations({ limit: PAGE_SIZE, cursor }), owner);
  const [inviting, setInviting] = useState(false);
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<TenantRole>('developer');
  const [invitation, setInvitation] = useState<InvitationCreatedView | null>(null);

  const invite = useMutation({
    gcTime: 0, // its answer holds the invitation's token
    mutationFn: () => consoleApi.inviteUser({ email: email.trim(), role }),
    onSuccess: (created) => {
      setInvitation(created);
      void queryClient.invalidateQueries({ queryKey: ['users'] });
    },
  });
  const changeRole = useMutation({
    mutationFn: ({ id, next }: { id: string; next: TenantRole }) => consoleApi.changeRole(id, next),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['users'] });
      toast('Role changed');
    },
  });
  const remove = useMutation({
    mutationFn: (id: string) => consoleApi.removeUser(id),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['users'] });
      toast('User removed');
    },
  });
  const withdraw = useMutation({
    mutationFn: (id: string) => consoleApi.withdrawInvitation(id),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['users'] });
      toast('Invitation withdrawn');
    },
  });
  const askWithdraw = async (pending: InvitationView) => {
    if (
      await confirm({
        title: `Withdraw the invitation of ${pending.email}?`,
        body: 'Its link stops working at once.',
        confirmLabel: 'Withdraw invitation',
      })
    )
      withdraw.mutate(pending.id);
  };
  const askRemove = async (user: ConsoleUser) => {
    if (
      await confirm({
        title: `Remove ${user.name || user.email}?`,
        body: 'They are signed out and can no longer sign in to this account.',
        confirmLabel: 'Remove user',
      })
    )
      remove.mutate(user.id);
  };
  const closeInvite = () => {
    setInviting(false);
    setInvitation(null);
    setEmail('');
    invite.reset();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    invite.mutate();
  };
  const invitationLink = invitation?.accept_url ?? '';

  return (
    <>
      <PageHeader
        title="Team"
        description="Everyone who can sign in to this account, and what they may do. Owners invite people; an invitation is valid for 7 days."
        actions={
          owner ? (
            <button type="button" className="btn btn-primary" onClick={() => setInviting(true)}>
              Invite someone
            </button>
          ) : undefined
        }
      />
      {(changeRole.error || remove.error || withdraw.error) && <FormError error={changeRole.error ?? remove.error ?? withdraw.error} />}
      <div className="card card-flush">
        {users.isPending ? (
          <Loading />
        ) : users.isError ? (
          <div className="card-body">
            <ErrorNotice error={users.error} onRetry={() => void users.refetch()} />
          </div>
        ) : (
          <DataTable<ConsoleUser>
            caption="Users"
            rows={users.rows}
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
              {
                header: 'Role',
                cell: (u) =>
                  owner && u.id !== session.user.id ? (
                    <select
                      aria-label={`Role of ${u.name || u.email}`}
                      value={u.role}
                      onChange={(e) => changeRole.mutate({ id: u.id, next: e.target.value as TenantRole })}
                    >
                      {ROLES.map((r) => (
                        <option key={r.value} value={r.value}>
                          {r.value}
                        </option>
                      ))}
                    </select>
                  ) : (
                    <Badge>{u.role}</Badge>
                  ),
              },
              {
                header: 'Last sign-in',
                cell: (u) => (u.last_sign_in_at ? formatDateTime(u.last_sign_in_at) : <span className="faint">Never</span>),
              },
              {
                header: 'Actions',
                actions: true,
                cell: (u) =>
                  owner && u.id !== session.user.id ? (
                    <button
                      type="button"
                      className="btn btn-sm btn-danger-outline"
                      onClick={() => void askRemove(u)}
                      aria-label={`Remove ${u.name || u.email}`}
                    >
                      Remove
                    </button>
                  ) : null,
              },
            ]}
          />
        )}
        <LoadMore query={users} noun="users" />
      </div>
      {owner && (
        <Card
          title="Pending invitations"
          description="Not accepted yet; expired ones stay listed so you see they lapsed."
          flush
          className="team-invitations"
        >
          {invitations.isPending ? (
            <Loading />
          ) : invitations.isError ? (
            <div className="card-body">
              <ErrorNotice error={invitations.error} />
            </div>
          ) : (
            <DataTable<InvitationView>
              caption="Pending invitations"
              rows={invitations.rows}
              rowKey={(i) => i.id}
              empty={<EmptyState title="No pending invitations" />}
              columns={[
                { header: 'Email', primary: true, cell: (i) => <span className="cell-title">{i.email}</span> },
                { header: 'Role', cell: (i) => <Badge>{i.role}</Badge> },
                {
                  header: 'Expires',
                  cell: (i) =>
                    Date.parse(i.expires_at) < Date.now() ? <Badge tone="danger">expired</Badge> : formatDateTime(i.expires_at),
                },
                {
                  header: 'Actions',
                  actions: true,
                  cell: (i) => (
                    <button
                      type="button"
                      className="btn btn-sm btn-danger-outline"
                      onClick={() => void askWithdraw(i)}
                      aria-label={`Withdraw the invitation of ${i.email}`}
                    >
                      Withdraw
                    </button>
                  ),
                },
              ]}
            />
          )}
          <LoadMore query={invitations} noun="invitations" />
        </Card>
      )}
      <Modal open={inviting} title={invitation ? 'Invitation created' : 'Invite someone'} onClose={closeInvite}>
        {invitation ? (
          <SecretOnce
            label={`Invitation link for ${invitation.invitation.email}`}
            secret={invitationLink}
            how="The gateway stores only a hash of its token; the link works once, within 7 days."
            onDone={closeInvite}
          />
        ) : (
          <form className="form" onSubmit={submit}>
            <TextField label="Email" type="email" required value={email} onChange={(e) => setEmail(e.target.value)} autoFocus />
            <SelectField label="Role" value={role} onChange={(e) => setRole(e.target.value as TenantRole)} options={ROLES} />
            <p className="faint">You get a link to send them yourself; it works once, for 7 days.</p>
            <FormError error={invite.error} />
            <FormActions submitLabel="Create invitation" disabled={invite.isPending} onCancel={closeInvite} />
          </form>
        )}
      </Modal>
    </>
  );
}
