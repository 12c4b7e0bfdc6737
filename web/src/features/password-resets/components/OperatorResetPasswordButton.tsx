/** An operator's "Reset password", for any user (a tenant's, another operator): the operator API issues the link. */
import { useIssueOperatorResetLink } from '../operator-queries';
import { ResetLinkButton, type ResetTarget } from './ResetPasswordButton';

export function OperatorResetPasswordButton({ user }: { user: ResetTarget }) {
  return <ResetLinkButton user={user} issue={useIssueOperatorResetLink(user.id)} />;
}
