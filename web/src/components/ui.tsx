/** Small building blocks shared by every page: headers, cards, fields, states, badges. */
import { useId, type ReactNode, type InputHTMLAttributes, type SelectHTMLAttributes } from 'react';
import { Link } from 'react-router';
import { ApiError } from '../api/http';

export function PageHeader({
  title,
  description,
  actions,
  breadcrumb,
}: {
  title: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
  breadcrumb?: { to: string; label: string };
}) {
  return (
    <header className="page-header">
      <div>
        {breadcrumb && (
          <div className="breadcrumb">
            <Link to={breadcrumb.to}>← {breadcrumb.label}</Link>
          </div>
        )}
        <h1>{title}</h1>
        {description && <p>{description}</p>}
      </div>
      {actions && <div className="actions">{actions}</div>}
    </header>
  );
}

export function Card({
  title,
  description,
  actions,
  children,
  flush,
  className,
  headingLevel = 2,
}: {
  title?: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
  flush?: boolean;
  className?: string;
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <section className={['card', flush ? 'card-flush' : '', className ?? ''].join(' ').trim()}>
      {(title || actions) && (
        <div className="card-header">
          <div>
            {title && <Heading>{title}</Heading>}
            {description && <p>{description}</p>}
          </div>
          {actions && <div className="row">{actions}</div>}
        </div>
      )}
      {children}
    </section>
  );
}

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> & {
  label: ReactNode;
  hint?: ReactNode;
  error?: string | null;
};

/** A labelled input: the label, hint and error are tied to it (for, aria-describedby, aria-invalid). */
export function TextField({ label, hint, error, ...input }: InputProps) {
  const id = useId();
  const described = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input id={id} type="text" aria-describedby={described} aria-invalid={error ? true : undefined} {...input} />
      {hint && (
        <span className="hint" id={`${id}-hint`}>
          {hint}
        </span>
      )}
      {error && (
        <span className="error-text" id={`${id}-error`}>
          {error}
        </span>
      )}
    </div>
  );
}

type SelectProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> & {
  label: ReactNode;
  hint?: ReactNode;
  error?: string | null;
  options: Array<{ value: string; label: string }>;
};

/** A labelled select, its hint and error tied to it as TextField's are. */
export function SelectField({ label, hint, error, options, ...select }: SelectProps) {
  const id = useId();
  const described = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} aria-describedby={described} aria-invalid={error ? true : undefined} {...select}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {hint && (
        <span className="hint" id={`${id}-hint`}>
          {hint}
        </span>
      )}
      {error && (
        <span className="error-text" id={`${id}-error`}>
          {error}
        </span>
      )}
    </div>
  );
}

export function Loading({ label = 'Loading…', page }: { label?: string; page?: boolean }) {
  return (
    <div className={page ? 'loading loading-page' : 'loading'} role="status">
      <span className="spinner" aria-hidden="true" />
      <span>{label}</span>
    </div>
  );
}

/** What went wrong, in the API's words, with its request id (what support asks for). */
export function ErrorNotice({
  error,
  onRetry,
  title,
  placed = [],
}: {
  error: unknown;
  onRetry?: () => void;
  title?: string;
  /** Problems the form already shows next to their fields: not listed again. */
  placed?: string[];
}) {
  const apiError = error instanceof ApiError ? error : null;
  // Some refusals' message is their problems joined (src/catalog/meter-prices.ts): the list, and the
  // fields the form placed them beside, say it already.
  const repeatsProblems = apiError !== null && apiError.problems.length > 0 && apiError.message === apiError.problems.join('; ');
  const message = repeatsProblems ? '' : (apiError?.message ?? (error instanceof Error ? error.message : 'Something went wrong.'));
  const problems = apiError?.problems.filter((problem) => !placed.includes(problem)) ?? [];
  return (
    <div className="alert alert-error" role="alert">
      <p>
        <strong>{title ?? 'Could not load this.'}</strong> {message}
      </p>
      {problems.length > 0 && (
        <ul>
          {problems.map((problem) => (
            <li key={problem}>{problem}</li>
          ))}
        </ul>
      )}
      <div className="row-between">
        {apiError?.requestId ? <span className="request-id mono">Request id {apiError.requestId}</span> : <span />}
        {onRetry && (
          <button type="button" className="btn btn-sm" onClick={onRetry}>
            Try again
          </button>
        )}
      </div>
    </div>
  );
}

/** An inline error under a form (role=alert, so a screen reader hears it at once). */
export function FormError({ error, placed }: { error: unknown; placed?: string[] }) {
  if (!error) return null;
  return <ErrorNotice error={error} title={errorTitle(error)} placed={placed} />;
}

function errorTitle(error: unknown): string {
  if (!(error instanceof ApiError)) return 'That did not work.';
  switch (error.code) {
    case 'invalid_request':
      return 'Please check the form.';
    case 'conflict':
      return 'That already exists.';
    case 'insufficient_role':
      return 'Your role does not allow this.';
    case 'connection_failed':
      return 'No connection.';
    default:
      return 'That did not work.';
  }
}

/** A form's last row: its submit button, and Cancel. */
export function FormActions({ submitLabel, disabled, onCancel }: { submitLabel: ReactNode; disabled?: boolean; onCancel: () => void }) {
  return (
    <div className="row">
      <button type="submit" className="btn btn-primary" disabled={disabled}>
        {submitLabel}
      </button>
      <button type="button" className="btn" onClick={onCancel}>
        Cancel
      </button>
    </div>
  );
}

/**
 * A table row's buttons for a value it may have of its own: Set (Change once set) and, once set,
 * Remove. `what` names it in the buttons' labels: "the markup on every slug".
 */
export function SetRemoveActions({
  isSet,
  what,
  onSet,
  onRemove,
}: {
  isSet: boolean;
  what: string;
  onSet: () => void;
  onRemove: () => void;
}) {
  return (
    <span className="row">
      <button type="button" className="btn btn-sm" onClick={onSet} aria-label={`Set ${what}`}>
        {isSet ? 'Change' : 'Set'}
      </button>
      {isSet && (
        <button type="button" className="btn btn-sm btn-danger-outline" onClick={onRemove} aria-label={`Remove ${what}`}>
          Remove
        </button>
      )}
    </span>
  );
}

export function EmptyState({ title, children, action }: { title: string; children?: ReactNode; action?: ReactNode }) {
  return (
    <div className="empty">
      <h3>{title}</h3>
      {children && <p>{children}</p>}
      {action}
    </div>
  );
}

export type Tone = 'ok' | 'warn' | 'danger' | 'info' | 'neutral';

export function Badge({ tone = 'neutral', children }: { tone?: Tone; children: ReactNode }) {
  return <span className={tone === 'neutral' ? 'badge' : `badge badge-${tone}`}>{children}</span>;
}

export function StatusBadge({ status }: { status: string }) {
  const tone: Tone =
    status === 'active' || status === 'delivered'
      ? 'ok'
      : status === 'pending'
        ? 'warn'
        : status === 'suspended' || status === 'revoked' || status === 'failed' || status === 'disabled'
          ? 'danger'
          : 'neutral';
  return <Badge tone={tone}>{status}</Badge>;
}

/** An HTTP status of a call, coloured by class. */
export function HttpStatus({ status, code }: { status: number; code?: string | null }) {
  const tone: Tone = status < 300 ? 'ok' : status === 402 || status === 429 ? 'warn' : status >= 400 ? 'danger' : 'neutral';
  return (
    <span className="row row-tight">
      <Badge tone={tone}>{status}</Badge>
      {code && <span className="mono faint">{code}</span>}
    </span>
  );
}

export function Stat({ label, value, sub }: { label: string; value: ReactNode; sub?: ReactNode }) {
  return (
    <div className="card card-compact stat">
      <span className="label">{label}</span>
      <span className="value">{value}</span>
      {sub && <span className="sub">{sub}</span>}
    </div>
  );
}

/** A segmented control: one of a few options, each a toggle button (aria-pressed). */
export function Segmented<T extends string>({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: T;
  options: Array<{ value: T; label: string }>;
  onChange: (value: T) => void;
}) {
  return (
    <div className="segmented" role="group" aria-label={label}>
      {options.map((option) => (
        <button key={option.value} type="button" aria-pressed={option.value === value} onClick={() => onChange(option.value)}>
          {option.label}
        </button>
      ))}
    </div>
  );
}
