/** The account's users: owners invite (the invitation link is shown once), change roles and remove. */
import { useState } from 'react';
import { can, useSignedIn } from '../../../auth/session';
import { ActionError, ActionErrorScope } from '../../../components/ActionButton';
import { PageHeader } from '../../../components/ui';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { InviteDialog } from '../components/InviteDialog';
import { InvitationsList, UsersList } from '../components/TeamLists';

export function TeamPage() {
  useDocumentTitle('Team');
  const session = useSignedIn();
  const owner = can.manageUsers(session.user.role);
  const [inviting, setInviting] = useState(false);
  return (
    <ActionErrorScope>
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
      <ActionError />
      <UsersList owner={owner} />
      {owner && <InvitationsList />}
      <InviteDialog open={inviting} onClose={() => setInviting(false)} />
    </ActionErrorScope>
  );
}
