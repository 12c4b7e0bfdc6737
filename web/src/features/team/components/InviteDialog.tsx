/** An invitation: an email and a role; its link is shown once, for the owner to send. */
import { useState, type FormEvent } from 'react';
import { SecretDialog } from '../../../components/SecretOnce';
import { FormActions, FormError, SelectField, TextField } from '../../../components/ui';
import { useInvite } from '../queries';
import { ROLES, type TenantRole } from '../roles';

export function InviteDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<TenantRole>('developer');
  const invite = useInvite();
  const invitation = invite.data;
  const close = () => {
    onClose();
    setEmail('');
    invite.reset();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    invite.mutate({ email, role });
  };
  return (
    <SecretDialog
      open={open}
      onClose={close}
      title="Invite someone"
      secretTitle="Invitation created"
      secret={
        invitation
          ? {
              label: `Invitation link for ${invitation.invitation.email}`,
              value: invitation.accept_url,
              how: 'The gateway stores only a hash of its token; the link works once, within 7 days.',
            }
          : null
      }
    >
      <form className="form" onSubmit={submit}>
        <TextField label="Email" type="email" required value={email} onChange={(e) => setEmail(e.target.value)} autoFocus />
        <SelectField label="Role" value={role} onChange={(e) => setRole(e.target.value as TenantRole)} options={ROLES} />
        <p className="faint">You get a link to send them yourself; it works once, for 7 days.</p>
        <FormError error={invite.error} />
        <FormActions submitLabel="Create invitation" disabled={invite.isPending} onCancel={close} />
      </form>
    </SecretDialog>
  );
}
