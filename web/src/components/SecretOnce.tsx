import { useId } from 'react';
import { CopyButton } from './CopyButton';

/**
 * A secret the server shows this once (a new key, a rotated key, a webhook signing secret): only
 * its hash is stored, so it can never be shown again. Says so, and offers a copy button.
 */
export function SecretOnce({
  label,
  secret,
  onDone,
  how = 'The gateway stores only a hash of it.',
}: {
  label: string;
  secret: string;
  onDone: () => void;
  /** How the server keeps it, so the reader knows why it cannot be shown again. */
  how?: string;
}) {
  const id = useId();
  return (
    <div className="secret" role="region" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{label}</h3>
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
