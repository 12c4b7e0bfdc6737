/** What a page shows while it loads, when something failed, and when there is nothing to list. */
import type { ReactNode } from 'react';
import { ApiError } from '../../api/client';

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
      {problems.length > 0 && <BulletList items={problems} />}
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

/** What the browser found wrong with a form before sending it: nothing when there is nothing. */
export function ProblemList({ problems, tone = 'warn', role }: { problems: string[]; tone?: 'warn' | 'error'; role?: 'alert' | 'status' }) {
  if (problems.length === 0) return null;
  return (
    <div className={`alert alert-${tone}`} role={role}>
      <BulletList items={problems} />
    </div>
  );
}

function BulletList({ items }: { items: string[] }) {
  return (
    <ul>
      {items.map((item) => (
        <li key={item}>{item}</li>
      ))}
    </ul>
  );
}

/** `headingLevel` 2 where it stands right under the page's h1 (no card around it), so no heading level is skipped. */
export function EmptyState({
  title,
  children,
  action,
  headingLevel = 3,
}: {
  title: string;
  children?: ReactNode;
  action?: ReactNode;
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <div className="empty">
      <Heading>{title}</Heading>
      {children && <p>{children}</p>}
      {action}
    </div>
  );
}
