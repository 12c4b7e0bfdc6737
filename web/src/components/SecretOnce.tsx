/**
 * A secret the server shows this once (a new key, a rotated key, a webhook signing secret, an
 * invitation link, an operator's first password): only its hash is stored (or it is kept encrypted),
 * so it can never be shown again. SecretOnce says so and offers a copy button; SecretDialog is the
 * dialog that asks for it (its form) and then shows it.
 */
import { useId, type ReactNode } from 'react';
import { CopyButton } from './CopyButton';
import { Modal } from './Modal';

export interface OneTimeSecret {
  label: string;
  value: string;
  /** How the server keeps it, so the reader knows why it cannot be shown again. */
  how?: string;
  /** Said before it (who it is for, where to use it). */
  intro?: ReactNode;
}

export function SecretOnce({
  label,
  secret,
  onDone,
  how = 'The gateway stores only a hash of it.',
  headingLevel = 3,
}: {
  label: string;
  secret: string;
  onDone: () => void;
  how?: string;
  /** 3 under a dialog's h2; 2 on a page, right under its h1 (no heading level skipped). */
  headingLevel?: 2 | 3;
}) {
  const id = useId();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <div className="secret" role="region" aria-labelledby={`${id}-title`}>
      <Heading id={`${id}-title`}>{label}</Heading>
      <p className="muted">Copy it now and keep it somewhere safe: this is the only time it is shown. {how}</p>
      <div className="secret-value">
        <label htmlFor={id} className="visually-hidden">
          {label}
        </label>
        <input id={id} readOnly value={secret} onFocus={(event) => event.currentTarget.select()} data-testid="secret-value" />
        <CopyButton text={secret} />
      </div>
      <button type="button" className="btn btn-primary btn-sm" onClick={onDone}>
        I have saved it
      </button>
    </div>
  );
}

/** The dialog of an action whose answer holds a secret: its form (children) until the secret came, then the secret. */
export function SecretDialog({
  open,
  title,
  secretTitle,
  secret,
  onClose,
  onDone = onClose,
  children,
}: {
  open: boolean;
  /** The form's title ("Create a key"). */
  title: string;
  /** The title once the secret is shown ("Your new key"). */
  secretTitle: string;
  secret: OneTimeSecret | null;
  onClose: () => void;
  /** "I have saved it" (closing, unless the page moves on). */
  onDone?: () => void;
  children: ReactNode;
}) {
  const shown = secret && <SecretOnce label={secret.label} secret={secret.value} how={secret.how} onDone={onDone} />;
  return (
    <Modal open={open} title={secret ? secretTitle : title} onClose={onClose}>
      {!secret ? (
        children
      ) : secret.intro ? (
        <div className="stack">
          {secret.intro}
          {shown}
        </div>
      ) : (
        shown
      )}
    </Modal>
  );
}
