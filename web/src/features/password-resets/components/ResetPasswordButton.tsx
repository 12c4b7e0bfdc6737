/**
 * "Reset password" on a user's row (the team, a tenant's users, the operators): a dialog that says
 * what a reset link does, issues one, and shows it once with a copy button, for the issuer to pass on
 * (the gateway sends no email). The user's password keeps working until the link is used. An owner's
 * link comes from the console API, an operator's from the operator API (OperatorResetPasswordButton),
 * so the console's chunks never import the operator API's client.
 */
import { useState, type FormEvent } from 'react';
import { createPortal } from 'react-dom';
import type { PasswordResetCreatedView } from '@unified-api-gateway/sdk';
import { SecretDialog } from '../../../components/SecretOnce';
import { FormActions, FormError } from '../../../components/ui';
import { formatDateTime } from '../../../lib/format';
import { useIssueResetLink } from '../queries';

export interface ResetTarget {
  id: string;
  name: string;
  email: string;
}

/** What issues the link: a mutation of useIssueResetLink or useIssueOperatorResetLink. */
export interface ResetLinkIssue {
  mutate: () => void;
  reset: () => void;
  isPending: boolean;
  error: unknown;
  data?: PasswordResetCreatedView;
}

/** An owner's, for a user of the tenant. */
export function ResetPasswordButton({ user }: { user: ResetTarget }) {
  return <ResetLinkButton user={user} issue={useIssueResetLink(user.id)} />;
}

export function ResetLinkButton({ user, issue }: { user: ResetTarget; issue: ResetLinkIssue }) {
  const [open, setOpen] = useState(false);
  const who = user.name || user.email;
  const close = () => {
    setOpen(false);
    issue.reset();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    issue.mutate();
  };
  const link = issue.data;
  return (
    <>
      <button type="button" className="btn btn-sm" onClick={() => setOpen(true)} aria-label={`Reset password of ${who}`}>
        Reset password
      </button>
      {/* In the body, not the row: a table cell's styles (one line, at the right) would reach into the dialog. */}
      {createPortal(
        <SecretDialog
          open={open}
          onClose={close}
          title={`Reset the password of ${who}?`}
          secretTitle="Reset link created"
          secret={
            link
              ? {
                  label: `Reset link for ${user.email}`,
                  value: link.reset_url,
                  how: `The gateway stores only a hash of its token; the link works once, until ${formatDateTime(link.expires_at)}.`,
                  intro: <p>Send it to {who} privately: whoever opens it chooses the password of this account.</p>,
                }
              : null
          }
        >
          <form className="form" onSubmit={submit}>
            <p>
              You get a one-time link to send to <strong>{user.email}</strong>. With it they choose a new password within 24 hours, and
              every session of theirs is signed out. Their current password works until then; a newer link replaces this one.
            </p>
            <FormError error={issue.error} />
            <FormActions submitLabel="Create reset link" disabled={issue.isPending} onCancel={close} />
          </form>
        </SecretDialog>,
        document.body,
      )}
    </>
  );
}
