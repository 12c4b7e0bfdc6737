/**
 * One action on a page (revoke a key, suspend a customer, delete a plan): a button that asks first
 * when the action is destructive, runs the action's mutation, and reports a refusal to the page's
 * ActionErrorScope, where the page shows it (one place for every action of the page). Each feature
 * wraps it in a small component of its own (RevokeKeyButton) over a hook of its own (useRevokeKey).
 */
import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';
import { useConfirm, type ConfirmOptions } from './Confirm';
import { FormError } from './ui';

interface Scope {
  error: unknown;
  report: (error: unknown) => void;
  clear: () => void;
}

const ScopeContext = createContext<Scope | null>(null);
const NO_SCOPE: Scope = { error: null, report: () => undefined, clear: () => undefined };

/** The actions of a page (or a card) whose refusals show in one place: its ActionError. */
export function ActionErrorScope({ children }: { children: ReactNode }) {
  const [error, setError] = useState<unknown>(null);
  const scope = useMemo<Scope>(() => ({ error, report: setError, clear: () => setError(null) }), [error]);
  return <ScopeContext.Provider value={scope}>{children}</ScopeContext.Provider>;
}

/** Where the scope's last refusal shows; nothing once an action of the scope runs again. */
export function ActionError({ wrap }: { wrap?: (notice: ReactNode) => ReactNode }) {
  const { error } = useActionErrors();
  if (!error) return null;
  const notice = <FormError error={error} />;
  return <>{wrap ? wrap(notice) : notice}</>;
}

export function useActionErrors(): Scope {
  return useContext(ScopeContext) ?? NO_SCOPE;
}

/** The part of a mutation an action runs. */
export interface Action<V, D = unknown> {
  mutate: (variables: V, options?: { onError?: (error: Error) => void; onSuccess?: (data: D) => void }) => void;
  isPending: boolean;
}

/**
 * Runs an action: asks first (`confirm`), then runs its mutation and reports a refusal to the scope
 * (in the page's words: `mapError`). For an action that is not a button of its own (a row's Remove).
 */
export function useRunAction<V, D = unknown>(
  action: Action<V, D>,
  { mapError = (error) => error, onSuccess }: { mapError?: (error: Error) => unknown; onSuccess?: (data: D) => void } = {},
) {
  const ask = useConfirm();
  const errors = useActionErrors();
  return async (variables: V, confirm?: ConfirmOptions) => {
    if (confirm && !(await ask(confirm))) return;
    errors.clear();
    action.mutate(variables, { onError: (error) => errors.report(mapError(error)), onSuccess });
  };
}

export function ActionButton<V = void, D = unknown>({
  action,
  variables,
  confirm,
  mapError,
  onSuccess,
  className = 'btn',
  label,
  disabled,
  children,
}: {
  action: Action<V, D>;
  variables?: V;
  /** Asked first: a destructive action's dialog. */
  confirm?: ConfirmOptions;
  /** The refusal in the page's words (a 409 that means "tenants are still on this plan"). */
  mapError?: (error: Error) => unknown;
  /** What the page does with the answer (a secret to show once). */
  onSuccess?: (data: D) => void;
  className?: string;
  /** The accessible name, when the visible text alone is ambiguous in a table row. */
  label?: string;
  disabled?: boolean;
  children: ReactNode;
}) {
  const run = useRunAction(action, { mapError, onSuccess });
  return (
    <button
      type="button"
      className={className}
      onClick={() => void run(variables as V, confirm)}
      disabled={disabled || action.isPending}
      aria-label={label}
    >
      {children}
    </button>
  );
}
