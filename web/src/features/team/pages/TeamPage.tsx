/**
 * The account's users: owners invite (the invitation link is shown once), change roles, remove, and
 * issue password reset links. The API lists users to owners only, so the other roles get a panel that
 * says so instead of a list they could not load.
 */
import { useState } from 'react';
import { can, useSignedIn } from '../../../auth/session';
import { ActionError, ActionErrorScope } from '../../../components/ActionButton';
import { EmptyState, PageHeader } from '../../../components/ui';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { InviteDialog } from '../components/InviteDialog';
import { InvitationsList, UsersList } from '../components/TeamLists';

const DESCRIPTION =
  'Everyone who can sign in to this account, and what they may do. Owners invite people; an invitation is valid for 7 days.';

export function TeamPage() {
  useDocumentTitle('Team');
  const session = useSignedIn();
  const [inviting, setInviting] = useState(false);

  if (!can.manageUsers(session.user.role)) {
    return (
      <>
        <PageHeader title="Team" description={DESCRIPTION} />
        <div className="card">
          <EmptyState title="Only owners manage the team" headingLevel={2}>
            Owners invite people, change roles, remove users and issue password reset links (your role: {session.user.role}). Ask an owner
            of {session.tenant?.name ?? 'this account'} to add someone or to change your role.
          </EmptyState>
        </div>
      </>
    );
  }

  return (
    <ActionErrorScope>
      <PageHeader
        title="Team"
        description={DESCRIPTION}
        actions={
          <button type="button" className="btn btn-primary" onClick={() => setInviting(true)}>
            Invite someone
          </button>
        }
      />
      <ActionError />
      <UsersList owner />
      <InvitationsList />
      <InviteDialog open={inviting} onClose={() => setInviting(false)} />
    </ActionErrorScope>
  );
}
